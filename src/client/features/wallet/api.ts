import { isFetchError } from '#client/lib/fetch-error.ts'
import { absoluteLink, api, idempotencyHeader } from '#client/lib/http.ts'
import { currentLocale } from '#client/lib/i18n.ts'
import { userTimeZone } from '#client/lib/time-zone.ts'
import type { Locale } from '#shared/contract/common.ts'
import type { BankAccountBody, KycKind, TransactionKind, WalletBody } from '#shared/contract/wallet.ts'

/**
 * The wallet feature's calls, typed by the endpoint table's rows (shared/contract/wallet.ts): no answer
 * type is restated here. They only talk to the server; what reaches the cache goes through
 * `storeWallet` (queries.ts), from the query functions, the socket push and mutations.ts.
 */

/** 404 is the API's way of saying "no wallet yet": a state, not an error. */
const HTTP_NOT_FOUND = 404

/** The user's wallet, or null while they have not created it. */
export async function fetchWallet(username: string, signal?: AbortSignal) {
  try {
    return await api('walletGet', { params: { username }, signal, expectedStatuses: [HTTP_NOT_FOUND] })
  } catch (error) {
    if (isFetchError(error) && error.statusCode === HTTP_NOT_FOUND) return null
    throw error
  }
}

/** 100: the page's chart and list cover the recent history; older entries page in on demand. */
const RECENT_TRANSACTIONS = '100'

export function fetchTransactions(username: string, signal?: AbortSignal) {
  return api('walletTransactions', { params: { username }, query: { limit: RECENT_TRANSACTIONS }, signal })
}

export function fetchTransaction(username: string, transactionId: string, signal?: AbortSignal) {
  return api('walletTransaction', { params: { username, transactionId }, signal })
}

export function fetchPayouts(username: string, signal?: AbortSignal) {
  return api('walletPayouts', { params: { username }, signal })
}

export function fetchOnboarding(username: string, signal?: AbortSignal) {
  return api('walletOnboarding', { params: { username }, signal })
}

export function fetchKycDocuments(username: string, signal?: AbortSignal) {
  return api('walletKycDocuments', { params: { username }, signal })
}

export function postWallet(username: string, body: WalletBody, idempotencyKey?: string) {
  return api('walletCreate', { params: { username }, body, headers: idempotencyHeader(idempotencyKey) })
}

export function putWallet(username: string, body: WalletBody, idempotencyKey?: string) {
  return api('walletUpdate', { params: { username }, body, headers: idempotencyHeader(idempotencyKey) })
}

export function postBankAccount(username: string, body: BankAccountBody) {
  return api('walletBankAccountCreate', { params: { username }, body })
}

export function putBankAccountUnactivated(username: string, bankId: string) {
  return api('walletBankAccountUnactivate', { params: { username, bankId } })
}

export function putBankAccountDefault(username: string, bankId: string) {
  return api('walletBankAccountDefault', { params: { username, bankId } })
}

/** The document goes as multipart: its `kind`, and the file in the `document` field. */
export function postKycDocument(username: string, kind: KycKind, file: File) {
  const form = new FormData()
  form.set('kind', kind)
  form.set('document', file)
  return api('walletKyc', { params: { username }, body: form })
}

/**
 * Requests a payout with the caller's Idempotency-Key: a retry of the same attempt (lost answer,
 * double click) reuses the key, so the server pays once and answers the same.
 */
export function postPayout(username: string, amountCents: number, idempotencyKey: string) {
  return api('walletPayout', {
    params: { username },
    body: { amount: amountCents },
    headers: { 'Idempotency-Key': idempotencyKey },
  })
}

/** A page of the history grouped per deal and day (the user's day: see lib/time-zone.ts). */
export function fetchActivity(
  username: string,
  page: { cursor?: string | undefined; kind?: TransactionKind | undefined },
  signal?: AbortSignal,
) {
  return api('walletActivity', {
    params: { username },
    query: {
      tz: userTimeZone(),
      ...(page.kind ? { kind: page.kind } : {}),
      ...(page.cursor ? { cursor: page.cursor } : {}),
    },
    signal,
  })
}

/** The CSV of the grouped history with the list's filter: a link the browser downloads itself. */
export function activityExportLink(username: string, kind: TransactionKind | undefined): string {
  // The file's words, separator and decimal mark follow the interface's language.
  return absoluteLink(
    'walletActivityExport',
    { username },
    { tz: userTimeZone(), locale: currentLocale(), ...(kind ? { kind } : {}) },
  )
}

/** The monthly statement (PDF) of `month` (YYYY-MM): a link the browser downloads itself. */
export function statementLink(username: string, month: string, locale: Locale): string {
  // Its words and money follow the interface's language; its month bounds, the user's time zone.
  return absoluteLink('walletStatement', { username }, { month, tz: userTimeZone(), locale })
}

export function fetchSummary(username: string, signal?: AbortSignal) {
  return api('walletSummary', { params: { username }, query: { tz: userTimeZone() }, signal })
}
