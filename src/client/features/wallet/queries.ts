import { type QueryClient, type QueryKey, queryOptions } from '@tanstack/react-query'
import { setWallet } from '#client/lib/session.ts'
import type { Wallet } from '#shared/contract/wallet.ts'
import {
  fetchKycDocuments,
  fetchOnboarding,
  fetchPayouts,
  fetchTransaction,
  fetchTransactions,
  fetchWallet,
} from './api'

/**
 * Query options for a user's wallet. Keys: ['wallet', username, ...]; the persister keeps them for
 * offline starts. The wallet itself, whatever carried it, enters through `storeWallet`.
 */
export const walletQueries = {
  all: (username: string) => ['wallet', username.toLowerCase()] as const,
  detail: (username: string) =>
    queryOptions({
      queryKey: [...walletQueries.all(username), 'detail'] as const,
      queryFn: async ({ client, signal }) =>
        storeWallet(client, username, await fetchWallet(username, signal)),
    }),
  transactions: (username: string) =>
    queryOptions({
      queryKey: [...walletQueries.all(username), 'transactions'] as const,
      queryFn: ({ signal }) => fetchTransactions(username, signal),
    }),
  transaction: (username: string, transactionId: string) =>
    queryOptions({
      queryKey: [...walletQueries.all(username), 'transaction', transactionId] as const,
      queryFn: ({ signal }) => fetchTransaction(username, transactionId, signal),
    }),
  payouts: (username: string) =>
    queryOptions({
      queryKey: [...walletQueries.all(username), 'payouts'] as const,
      queryFn: ({ signal }) => fetchPayouts(username, signal),
    }),
  onboarding: (username: string) =>
    queryOptions({
      queryKey: [...walletQueries.all(username), 'onboarding'] as const,
      queryFn: ({ signal }) => fetchOnboarding(username, signal),
    }),
  kycDocuments: (username: string) =>
    queryOptions({
      queryKey: [...walletQueries.all(username), 'kyc'] as const,
      queryFn: ({ signal }) => fetchKycDocuments(username, signal),
    }),
}

/** The wallet itself (['wallet', username, 'detail']), as opposed to its lists and summaries. */
export function isWalletDetailKey(queryKey: QueryKey): boolean {
  const [root, username, kind] = queryKey
  return root === 'wallet' && username !== undefined && kind === 'detail'
}

/** Everything of the user's wallet is read again (the wallet itself comes back through `storeWallet`). */
export function refreshWallet(queryClient: QueryClient, username: string): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: walletQueries.all(username) })
}

// A wallet is a small JSON document from one serializer: its text compares it whole.
const sameWallet = (a: Wallet | null | undefined, b: Wallet | null) => JSON.stringify(a) === JSON.stringify(b)

/**
 * The one way a user's wallet reaches the cache, whatever carried it: a mutation's HTTP answer, a
 * `wallet:updated` push, or the detail query's own fetch (null: no wallet yet). The session's wallet
 * follows it. A wallet that differs from the cached one moved its history, payouts,
 * onboarding steps and documents too: they are read again, and so is the wallet itself, because a
 * wallet carries no version to order a push and an answer by (bank account and document changes do
 * not touch `updatedAt`), so the server has the last word. That read comes back through here, equal,
 * and stops. Returns the wallet.
 */
export function storeWallet(
  queryClient: QueryClient,
  username: string,
  wallet: Wallet | null,
): Wallet | null {
  const detailKey = walletQueries.detail(username).queryKey
  const known = queryClient.getQueryData(detailKey)
  setWallet(wallet)
  if (sameWallet(known, wallet)) return wallet
  queryClient.setQueryData(detailKey, wallet)
  // A read already on its way (this very fetch, when called from it) is not asked twice.
  void queryClient.invalidateQueries({ queryKey: walletQueries.all(username) }, { cancelRefetch: false })
  return wallet
}
