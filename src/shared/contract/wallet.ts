/** Wallet, certification, bank accounts, ledger and payouts. */
import { type } from 'arktype'
import { KYC_MIME_TYPES } from '../kyc-rules'
import { Phone } from './auth'
import {
  CountryCode,
  Day,
  Iban,
  IsoDateTime,
  listOf,
  MAX_PAGE_SIZE,
  Money,
  optionalText,
  PageQuery,
  PositiveCents,
  requiredText,
  TimeZone,
  Uuid,
} from './common'
import { binaryAnswer, type EndpointSchemas } from './endpoint-schema'

export const CertificationStatus = type("'none' | 'pending' | 'verified' | 'rejected'")
export type CertificationStatus = typeof CertificationStatus.infer

export const WalletKind = type("'person' | 'business'")
export type WalletKind = typeof WalletKind.infer

/** 100 and 200: generous for names and street lines, small enough for a bank transfer's fields. */
const NAME_MAX = 100
const LINE_MAX = 200
const POSTAL_CODE_MAX = 16

export const Address = type({
  line1: 'string',
  'line2?': 'string',
  city: 'string',
  postalCode: 'string',
  country: 'string',
})
export type Address = typeof Address.infer

export const PersonInfo = type({
  firstName: 'string',
  lastName: 'string',
  birthDate: 'string',
  'phone?': 'string',
  address: Address,
})
export type PersonInfo = typeof PersonInfo.infer

export const BusinessInfo = type({
  name: 'string',
  registrationNumber: 'string',
  'vatNumber?': 'string',
  address: Address,
})
export type BusinessInfo = typeof BusinessInfo.infer

export const BankAccount = type({
  id: 'string',
  holderName: 'string',
  ibanMasked: 'string',
  country: 'string',
  isDefault: 'boolean',
  active: 'boolean',
  createdAt: IsoDateTime,
})
export type BankAccount = typeof BankAccount.infer

export const Wallet = type({
  id: 'string',
  kind: WalletKind,
  person: PersonInfo,
  business: BusinessInfo.or('null'),
  /** Everything the wallet holds: available plus pending. */
  balance: Money,
  /** The part a payout may draw on now. */
  available: Money,
  /** Click and goal earnings still on hold (EARNINGS_HOLD_HOURS), open to a fraud review. */
  pending: Money,
  /** When the next pending earning becomes available; null when nothing is pending. */
  nextAvailableAt: IsoDateTime.or('null'),
  informations: { bankAccounts: BankAccount.array() },
  stripe: { status: { person: { status: CertificationStatus, reason: 'string | null' } } },
  createdAt: IsoDateTime,
  updatedAt: IsoDateTime,
})
export type Wallet = typeof Wallet.infer

/** A real calendar day in YYYY-MM-DD, not in the future (2023-02-30 is refused). */
export const BirthDate = type(/^\d{4}-\d{2}-\d{2}$/).narrow((value, ctx) => {
  const date = new Date(`${value}T00:00:00Z`)
  const real = !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value
  if (real && date.getTime() <= Date.now()) return true
  return ctx.reject({ expected: 'a past date', meta: { rule: 'date' } })
})

export const AddressBody = type({
  '+': 'reject',
  line1: requiredText(LINE_MAX),
  'line2?': optionalText(LINE_MAX),
  city: requiredText(NAME_MAX),
  postalCode: requiredText(POSTAL_CODE_MAX),
  country: CountryCode,
})

export const PersonBody = type({
  '+': 'reject',
  firstName: requiredText(NAME_MAX),
  lastName: requiredText(NAME_MAX),
  birthDate: BirthDate,
  'phone?': Phone,
  address: AddressBody,
})

export const BusinessBody = type({
  '+': 'reject',
  name: requiredText(LINE_MAX),
  registrationNumber: requiredText(NAME_MAX),
  'vatNumber?': optionalText(NAME_MAX),
  address: AddressBody,
})

/** Create and update share one body; a business wallet must say which business. */
export const WalletBody = type({
  '+': 'reject',
  kind: WalletKind,
  person: PersonBody,
  'business?': BusinessBody,
}).narrow((body, ctx) => {
  if (body.kind !== 'business' || body.business !== undefined) return true
  return ctx.reject({ expected: 'business details', relativePath: ['business'], meta: { rule: 'required' } })
})
export type WalletBody = typeof WalletBody.infer

export const BankAccountBody = type({ '+': 'reject', holderName: requiredText(LINE_MAX), iban: Iban })
export type BankAccountBody = typeof BankAccountBody.infer

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

export const ActivityExportQuery = type({ '+': 'delete', 'kind?': TransactionKind, 'tz?': TimeZone })

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

export const PayoutStatus = type("'pending' | 'paid' | 'failed'")
export type PayoutStatus = typeof PayoutStatus.infer

export const Payout = type({
  id: 'string',
  amount: Money,
  status: PayoutStatus,
  bankAccountId: 'string',
  createdAt: IsoDateTime,
  updatedAt: IsoDateTime,
})
export type Payout = typeof Payout.infer

/** A page of payouts, with the server's minimum so the payment page never disagrees with the rule. */
export const PayoutList = type({ items: Payout.array(), 'nextCursor?': 'string', minimum: Money })
export type PayoutList = typeof PayoutList.infer

/** Sent with an `Idempotency-Key` header; no bank account means the default one. */
export const PayoutBody = type({ '+': 'reject', amount: PositiveCents, 'bankAccountId?': Uuid })
export type PayoutBody = typeof PayoutBody.infer

/** 200: a UUID or any sane client-made key fits; longer keys are abuse. */
export const IDEMPOTENCY_KEY_MAX_LENGTH = 200
export const IdempotencyKey = requiredText(IDEMPOTENCY_KEY_MAX_LENGTH)

export const KYC_KINDS = ['identity', 'proof_of_address', 'company_registration'] as const
export const KycKind = type.enumerated(...KYC_KINDS)
export type KycKind = typeof KycKind.infer

export const KycStatus = type("'pending' | 'verified' | 'rejected'")
export type KycStatus = typeof KycStatus.infer

export const KycDocument = type({
  id: 'string',
  kind: KycKind,
  status: KycStatus,
  reason: 'string | null',
  mimeType: 'string',
  size: 'number.integer',
  createdAt: IsoDateTime,
  reviewedAt: 'string | null',
})
export type KycDocument = typeof KycDocument.infer

/** The non-file fields of the multipart KYC upload (the file itself is the `document` field). */
export const KycUploadFields = type({ '+': 'delete', kind: KycKind })
export type KycUploadFields = typeof KycUploadFields.infer

export const Onboarding = type({
  profileComplete: 'boolean',
  walletCreated: 'boolean',
  bankAccountAdded: 'boolean',
  certificationVerified: 'boolean',
})
export type Onboarding = typeof Onboarding.infer

/** The wallet rows of the endpoint table: `{username}` is the owner (or an admin). */
export const walletEndpoints = {
  walletGet: {
    summary:
      'The user’s wallet: balance (available and pending), bank accounts, certification; 404 before it is created',
    response: Wallet,
  },
  walletCreate: {
    idempotencyKey: 'accepted',
    summary: 'Creates the wallet with who is paid, a person or a business (409 when it exists)',
    body: WalletBody,
    response: Wallet,
    status: 201,
  },
  walletUpdate: {
    idempotencyKey: 'accepted',
    summary: 'Changes who is paid; a person becoming a business needs its company registration certified',
    body: WalletBody,
    response: Wallet,
  },
  walletTransactions: {
    summary: 'The ledger, newest first; `nextCursor` pages on (earnings may predate the wallet’s creation)',
    query: PageQuery,
    response: listOf(Transaction),
  },
  walletTransaction: { summary: 'One ledger entry', response: Transaction },
  walletActivity: {
    summary:
      'The history grouped per kind, deal and day in the `tz` time zone (UTC by default), newest first; ' +
      '`kind` filters, `nextCursor` pages on (keyset: rows written meanwhile neither repeat nor shift a page)',
    query: ActivityQuery,
    response: listOf(ActivityRow),
  },
  walletActivityExport: {
    summary:
      'The grouped history as CSV (UTF-8 with BOM, amounts with a dot), with the same `kind` and `tz` as the list',
    query: ActivityExportQuery,
    response: binaryAnswer('text/csv'),
  },
  walletSummary: {
    summary:
      'Today’s earnings and valid clicks (in the `tz` time zone), the last 30 days, balance and minimum',
    query: SummaryQuery,
    response: WalletSummary,
  },
  walletPayout: {
    idempotencyKey: 'required',
    summary:
      'Requests a payout to the default (or given) active bank account. Requires an `Idempotency-Key` header ' +
      '(1 to 200 visible characters): a retry with the same key and body answers the first payout again ' +
      '(with `Idempotent-Replayed: true`) and pays once; the same key with another body is refused (422)',
    body: PayoutBody,
    response: Payout,
    status: 201,
  },
  walletPayouts: {
    summary: 'The payouts, newest first, with the payout minimum',
    query: PageQuery,
    response: PayoutList,
  },
  walletBankAccountCreate: {
    summary:
      'Adds a SEPA bank account (the first active one becomes the default); the IBAN is answered masked',
    body: BankAccountBody,
    response: BankAccount,
    status: 201,
  },
  walletBankAccountUnactivate: {
    summary: 'Deactivates a bank account; when it was the default, the newest active one takes over',
    response: BankAccount,
  },
  walletBankAccountDefault: {
    summary: 'Makes an active bank account the one payouts go to',
    response: BankAccount,
  },
  walletKyc: {
    summary:
      'Uploads a certification document (multipart: the `document` file, JPEG, PNG, WebP or PDF, and its `kind`)',
    body: KycUploadFields,
    files: ['document'],
    response: KycDocument,
    status: 201,
  },
  walletKycDocuments: { summary: 'The certification documents, newest first', response: listOf(KycDocument) },
  walletKycDocument: {
    summary: 'Downloads one certification document (owner or admin only, never cached)',
    response: binaryAnswer(...KYC_MIME_TYPES),
  },
  walletOnboarding: {
    summary:
      'The four steps to be paid: e-mail proven, wallet created, bank account added, certification verified',
    response: Onboarding,
  },
} as const satisfies Record<string, EndpointSchemas>
