/** Wallet, certification, bank accounts, ledger and payouts. */
import { type } from 'arktype'
import { KYC_MIME_TYPES } from '../kyc-rules'
import { Phone } from './auth'
import {
  CountryCode,
  Iban,
  IsoDateTime,
  listOf,
  Money,
  optionalText,
  PageQuery,
  requiredText,
} from './common'
import { binaryAnswer, type EndpointSchemas } from './endpoint-schema'
import {
  ActivityExportQuery,
  ActivityQuery,
  ActivityRow,
  StatementQuery,
  SummaryQuery,
  Transaction,
  WalletSummary,
} from './wallet-ledger'
import { KycDocument, KycUploadFields, Payout, PayoutBody, PayoutList } from './wallet-payouts'

// The ledger and the payouts and certification documents have their own modules; the names the rest
// of the code reads stay importable here, listed so a reader sees what comes from where.
export {
  ActivityRow,
  EarningsDay,
  TRANSACTION_KINDS,
  Transaction,
  TransactionKind,
  WalletSummary,
} from './wallet-ledger'
export {
  IDEMPOTENCY_KEY_MAX_LENGTH,
  KYC_KINDS,
  KycDocument,
  KycKind,
  KycStatus,
  Payout,
  PayoutBody,
  PayoutStatus,
} from './wallet-payouts'

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

const PersonInfo = type({
  firstName: 'string',
  lastName: 'string',
  birthDate: 'string',
  'phone?': 'string',
  address: Address,
})
export type PersonInfo = typeof PersonInfo.infer

const BusinessInfo = type({
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
const BirthDate = type(/^\d{4}-\d{2}-\d{2}$/).narrow((value, ctx) => {
  const date = new Date(`${value}T00:00:00Z`)
  const real = !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value
  if (real && date.getTime() <= Date.now()) return true
  return ctx.reject({ expected: 'a past date', meta: { rule: 'date' } })
})

const AddressBody = type({
  '+': 'reject',
  line1: requiredText(LINE_MAX),
  'line2?': optionalText(LINE_MAX),
  city: requiredText(NAME_MAX),
  postalCode: requiredText(POSTAL_CODE_MAX),
  country: CountryCode,
})

const PersonBody = type({
  '+': 'reject',
  firstName: requiredText(NAME_MAX),
  lastName: requiredText(NAME_MAX),
  birthDate: BirthDate,
  'phone?': Phone,
  address: AddressBody,
})

const BusinessBody = type({
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
      'The grouped history as CSV (UTF-8 with BOM) in `locale` (else Accept-Language): its words, `,` and a decimal dot in English, `;` and a decimal comma in French and Spanish; same `kind` and `tz` as the list',
    query: ActivityExportQuery,
    response: binaryAnswer('text/csv'),
  },
  walletStatement: {
    summary:
      'The monthly statement (PDF) in `locale` (else Accept-Language): opening balance, the month’s credits and ' +
      'debits from the ledger, totals and closing balance, with the platform’s and the holder’s legal identities; ' +
      '400 for a month not begun yet or before the account existed',
    query: StatementQuery,
    response: binaryAnswer('application/pdf'),
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
