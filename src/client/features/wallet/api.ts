import type { QueryClient } from '@tanstack/react-query'
import { request } from '#client/lib/http.ts'
import { setWallet } from '#client/lib/session.ts'
import type {
  BankAccount,
  KycDocument,
  KycKind,
  Payout,
  Wallet,
  WalletBody,
} from '#shared/contract/wallet.ts'
import { walletQueries } from './queries'
import { updateSessionCertification } from './session-wallet'

/** After any change: the wallet and everything derived from it (onboarding, lists) is refetched. */
function refresh(queryClient: QueryClient, username: string): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: walletQueries.all(username) })
}

function storeWallet(queryClient: QueryClient, username: string, wallet: Wallet): void {
  setWallet(wallet)
  queryClient.setQueryData(walletQueries.detail(username).queryKey, wallet)
}

export async function createWallet(
  queryClient: QueryClient,
  username: string,
  body: WalletBody,
): Promise<Wallet> {
  const wallet = await request<Wallet, 'walletCreate'>('walletCreate', { params: { username }, body })
  storeWallet(queryClient, username, wallet)
  await refresh(queryClient, username)
  return wallet
}

export async function updateWallet(
  queryClient: QueryClient,
  username: string,
  body: WalletBody,
): Promise<Wallet> {
  const wallet = await request<Wallet, 'walletUpdate'>('walletUpdate', { params: { username }, body })
  storeWallet(queryClient, username, wallet)
  await refresh(queryClient, username)
  return wallet
}

export async function addBankAccount(
  queryClient: QueryClient,
  username: string,
  body: { holderName: string; iban: string },
): Promise<BankAccount> {
  const account = await request<BankAccount, 'walletBankAccountCreate'>('walletBankAccountCreate', {
    params: { username },
    body,
  })
  await refresh(queryClient, username)
  return account
}

export async function unactivateBankAccount(queryClient: QueryClient, username: string, bankId: string) {
  await request<BankAccount, 'walletBankAccountUnactivate'>('walletBankAccountUnactivate', {
    params: { username, bankId },
  })
  await refresh(queryClient, username)
}

export async function makeDefaultBankAccount(queryClient: QueryClient, username: string, bankId: string) {
  await request<BankAccount, 'walletBankAccountDefault'>('walletBankAccountDefault', {
    params: { username, bankId },
  })
  await refresh(queryClient, username)
}

export async function uploadKycDocument(
  queryClient: QueryClient,
  username: string,
  kind: KycKind,
  file: File,
): Promise<KycDocument> {
  const form = new FormData()
  form.set('kind', kind)
  form.set('document', file)
  const document = await request<KycDocument, 'walletKyc'>('walletKyc', { params: { username }, body: form })
  // Shown at once; the refetch below brings the server's own status (SPEC §4 rule inside).
  updateSessionCertification('pending', null)
  await refresh(queryClient, username)
  return document
}

/**
 * Requests a payout with the caller's Idempotency-Key: a retry of the same attempt (lost answer,
 * double click) reuses the key, so the server pays once and answers the same.
 */
export async function requestPayout(
  queryClient: QueryClient,
  username: string,
  amountCents: number,
  idempotencyKey: string,
): Promise<Payout> {
  const payout = await request<Payout, 'walletPayout'>('walletPayout', {
    params: { username },
    body: { amount: amountCents },
    headers: { 'Idempotency-Key': idempotencyKey },
  })
  await refresh(queryClient, username)
  return payout
}
