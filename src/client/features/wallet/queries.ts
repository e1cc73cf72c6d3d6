import { queryOptions } from '@tanstack/react-query'
import { FetchError } from 'ofetch'
import { request } from '#client/lib/http.ts'
import { setWallet } from '#client/lib/session.ts'
import type { List, Money } from '#shared/contract/common.ts'
import type { KycDocument, Onboarding, Payout, Transaction, Wallet } from '#shared/contract/wallet.ts'

/** 404 is the API's way of saying "no wallet yet": a state, not an error. */
const HTTP_NOT_FOUND = 404

export interface PayoutList extends List<Payout> {
  /** The server's MIN_PAYOUT_CENTS, so the page never disagrees with the rule it enforces. */
  minimum: Money
}

/**
 * Query options for a user's wallet. Keys: ['wallet', username, ...]; the socket invalidates the
 * whole 'wallet' root on `wallet:updated`, and the persister keeps it for offline starts.
 */
export const walletQueries = {
  all: (username: string) => ['wallet', username.toLowerCase()] as const,
  detail: (username: string) =>
    queryOptions({
      queryKey: [...walletQueries.all(username), 'detail'] as const,
      queryFn: async ({ signal }): Promise<Wallet | null> => {
        try {
          const wallet = await request<Wallet, 'walletGet'>('walletGet', {
            params: { username },
            signal,
            expectedStatuses: [HTTP_NOT_FOUND],
          })
          // The session's wallet (localStorage) follows what the server says.
          setWallet(wallet)
          return wallet
        } catch (error) {
          if (error instanceof FetchError && error.statusCode === HTTP_NOT_FOUND) {
            setWallet(null)
            return null
          }
          throw error
        }
      },
    }),
  transactions: (username: string) =>
    queryOptions({
      queryKey: [...walletQueries.all(username), 'transactions'] as const,
      queryFn: ({ signal }) =>
        request<List<Transaction>, 'walletTransactions'>('walletTransactions', {
          params: { username },
          // 100: the page's chart and list cover the recent history; older entries page in on demand.
          query: { limit: 100 },
          signal,
        }),
    }),
  transaction: (username: string, transactionId: string) =>
    queryOptions({
      queryKey: [...walletQueries.all(username), 'transaction', transactionId] as const,
      queryFn: ({ signal }) =>
        request<Transaction, 'walletTransaction'>('walletTransaction', {
          params: { username, transactionId },
          signal,
        }),
    }),
  payouts: (username: string) =>
    queryOptions({
      queryKey: [...walletQueries.all(username), 'payouts'] as const,
      queryFn: ({ signal }) =>
        request<PayoutList, 'walletPayouts'>('walletPayouts', { params: { username }, signal }),
    }),
  onboarding: (username: string) =>
    queryOptions({
      queryKey: [...walletQueries.all(username), 'onboarding'] as const,
      queryFn: ({ signal }) =>
        request<Onboarding, 'walletOnboarding'>('walletOnboarding', { params: { username }, signal }),
    }),
  kycDocuments: (username: string) =>
    queryOptions({
      queryKey: [...walletQueries.all(username), 'kyc'] as const,
      queryFn: ({ signal }) =>
        request<List<KycDocument>, 'walletKycDocuments'>('walletKycDocuments', {
          params: { username },
          signal,
        }),
    }),
}
