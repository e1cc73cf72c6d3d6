import { i18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { QueryClient } from '@tanstack/react-query'
import { type Keyed, registerOfflineMutation, sendOrQueue } from '#client/lib/offline/mutation-defaults.ts'
import type { BankAccountBody, KycKind, Wallet, WalletBody } from '#shared/contract/wallet.ts'
import {
  postBankAccount,
  postKycDocument,
  postPayout,
  postWallet,
  putBankAccountDefault,
  putBankAccountUnactivated,
  putWallet,
} from './api'
import { walletRefusal } from './messages'
import { refreshWallet, storeWallet } from './queries'
import { updateSessionCertification } from './session-wallet'

export interface WalletSaveVariables {
  username: string
  body: WalletBody
  /** No wallet yet: the save creates it. */
  create: boolean
}

declare module '../../lib/offline/mutation-defaults' {
  interface OfflineMutations {
    wallet: { variables: WalletSaveVariables; result: Wallet }
  }
}

/** Stored with each queued change (IndexedDB): changing it would strand changes queued before. */
const walletMutationKeys = { save: ['offline', 'wallet', 'save'] } as const

async function sendSave(variables: WalletSaveVariables & Keyed, queryClient: QueryClient): Promise<Wallet> {
  const { username, body, idempotencyKey: key } = variables
  const wallet = variables.create
    ? await postWallet(username, body, key)
    : await putWallet(username, body, key)
  storeWallet(queryClient, username, wallet)
  return wallet
}

/**
 * Saves who is paid (creates the wallet, or edits it) now, or queues the save when the server cannot
 * be reached (`{ queued: true }`): it is sent once back online and its outcome reported by a toast.
 */
export function saveWallet(queryClient: QueryClient, variables: WalletSaveVariables) {
  return sendOrQueue(queryClient, 'wallet', variables)
}

/*
 * Bank accounts, documents and payouts are online only. Their answers are not the wallet: the wallet
 * and its lists are read again (and the owner's other devices get the server's push).
 */

export async function addBankAccount(queryClient: QueryClient, username: string, body: BankAccountBody) {
  const account = await postBankAccount(username, body)
  await refreshWallet(queryClient, username)
  return account
}

export async function unactivateBankAccount(queryClient: QueryClient, username: string, bankId: string) {
  await putBankAccountUnactivated(username, bankId)
  await refreshWallet(queryClient, username)
}

export async function makeDefaultBankAccount(queryClient: QueryClient, username: string, bankId: string) {
  await putBankAccountDefault(username, bankId)
  await refreshWallet(queryClient, username)
}

export async function uploadKycDocument(
  queryClient: QueryClient,
  username: string,
  kind: KycKind,
  file: File,
) {
  const document = await postKycDocument(username, kind, file)
  // Shown at once; the refetch below brings the server's own status (see session-wallet.ts).
  updateSessionCertification('pending', null)
  await refreshWallet(queryClient, username)
  return document
}

/** Money never moves from a queue: a payout is online only, once per Idempotency-Key. */
export async function requestPayout(
  queryClient: QueryClient,
  username: string,
  amountCents: number,
  idempotencyKey: string,
) {
  const payout = await postPayout(username, amountCents, idempotencyKey)
  await refreshWallet(queryClient, username)
  return payout
}

/** Wallet and business details may be saved offline; payouts may not (money does not move from a queue). */
export function registerWalletMutations(): void {
  registerOfflineMutation('wallet', {
    key: walletMutationKeys.save,
    send: sendSave,
    describe: () => i18n._(msg`Wallet and business details`),
    refusal: (error) => walletRefusal(i18n, error),
  })
}
