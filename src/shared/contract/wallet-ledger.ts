/** The wallet's ledger: its entries, the grouped history the streamer reads, and the earnings summary. */
import { type } from 'arktype'
import { Day, IsoDateTime, Locale, MAX_PAGE_SIZE, Money, optionalText, TimeZone } from './common'

export const TransactionKind = type(
  "'earning' | 'earning_reversal' | 'payout' | 'payout_reversal' | 'adjustment'",
)
export type TransactionKind = typeof TransactionKind.infer

export const Transaction = type({
  id: 'string',
  kind: TransactionKind,
  amount: Money,
  description: 'string',
  dealCode: 'string | null',
  payoutId: 'string | null',
  createdAt: IsoDateTime,
})
export type Transaction = typeof Transaction.infer

/** The kinds of ledger entries, as the wallet's filter offers them. */
export const TRANSACTION_KINDS = [
  'earning',
  'earning_reversal',
  'payout',
  'payout_reversal',
  'adjustment',
] as const satisfies readonly TransactionKind[]

/**
 * The wallet's history as the streamer reads it: the entries of one kind, one deal and one day make
 * one row ("Play Starfall Odyssey live — 73 clicks — 10,95 €"); payouts and adjustments stay one row
 * each. `id` is stable for a row; `count` is the entries (clicks, for click earnings) it sums.
 */
export const ActivityRow = type({
  id: 'string',
  day: Day,
  kind: TransactionKind,
  count: 'number.integer >= 1',
  amount: Money,
  deal: type({ code: 'string', title: 'string' }).or('null'),
  description: 'string',
  lastAt: IsoDateTime,
})
export type ActivityRow = typeof ActivityRow.infer

/** The page query of the grouped history, and of its CSV export (without the paging). */
export const ActivityQuery = type({
  '+': 'delete',
  'cursor?': optionalText(256),
  'limit?': type('string.integer.parse').to(`1 <= number.integer <= ${MAX_PAGE_SIZE}`),
  'kind?': TransactionKind,
  'tz?': TimeZone,
})
export type ActivityQuery = typeof ActivityQuery.infer

/** `locale`: the language of the file's words, separator and decimal mark (the interface's, sent by the app). */
export const ActivityExportQuery = type({
  '+': 'delete',
  'kind?': TransactionKind,
  'tz?': TimeZone,
  'locale?': Locale,
})

/** A calendar month, 2026-11: the period of a monthly statement. */
const Month = type(/^\d{4}-(0[1-9]|1[0-2])$/)

/**
 * The monthly statement's month (a month already begun, not before the account's; the server checks
 * both against its clock), the time zone its days and bounds are in, and the language of its words.
 */
export const StatementQuery = type({ '+': 'delete', month: Month, 'tz?': TimeZone, 'locale?': Locale })

export const SummaryQuery = type({ '+': 'delete', 'tz?': TimeZone })

/** One day of earnings: what deals credited (net of rejections) and the valid clicks of the user's deals. */
export const EarningsDay = type({ day: Day, earned: Money, clicks: 'number.integer >= 0' })
export type EarningsDay = typeof EarningsDay.infer

/**
 * Money at a glance: today (in the time zone asked), the last 30 days, the balance split and the
 * payout minimum. Answered before the wallet is created too (zeros, `walletCreated: false`).
 */
export const WalletSummary = type({
  today: EarningsDay,
  days: EarningsDay.array(),
  available: Money,
  pending: Money,
  minimum: Money,
  walletCreated: 'boolean',
  /** When the next pending part becomes available, if any. */
  nextAvailableAt: IsoDateTime.or('null'),
  /** When "today" ends in the time zone asked: the summary starts a new day then. */
  dayEndsAt: IsoDateTime,
})
export type WalletSummary = typeof WalletSummary.infer
