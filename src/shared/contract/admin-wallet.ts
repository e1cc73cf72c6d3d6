/** Bodies, queries and answers of the wallet side of the admin API: KYC review, payout settlement, adjustments. */
import { type } from 'arktype'
import { IsoDateTime, listOf, MAX_CENTS, Money, optionalText, requiredText, Uuid } from './common'
import type { EndpointSchemas } from './endpoint-schema'
import { KycStatus, PayoutStatus, Transaction, WalletKind } from './wallet'

/** 500: room for a clear explanation to the user or the audit log, not an essay. */
const REASON_MAX = 500

const AdminStatusQuery = type({ '+': 'delete', 'status?': optionalText(32) })
export type AdminStatusQuery = typeof AdminStatusQuery.infer

/** A rejection must tell the user why, so the reason is required then. */
export const KycReviewBody = type({
  '+': 'reject',
  status: "'verified' | 'rejected'",
  'reason?': optionalText(REASON_MAX),
}).narrow((body, ctx) => {
  if (body.status !== 'rejected' || (body.reason ?? '').trim() !== '') return true
  return ctx.reject({ expected: 'a reason', relativePath: ['reason'], meta: { rule: 'required' } })
})
export type KycReviewBody = typeof KycReviewBody.infer

export const PayoutUpdateBody = type({
  '+': 'reject',
  status: "'paid' | 'failed'",
  'reason?': optionalText(REASON_MAX),
})
export type PayoutUpdateBody = typeof PayoutUpdateBody.infer

/** A signed correction of the ledger; zero would be an audit entry that changes nothing. */
export const AdjustmentBody = type({
  '+': 'reject',
  amount: type('number.integer')
    .and(`${-MAX_CENTS} <= number <= ${MAX_CENTS}`)
    .narrow((amount, ctx) => amount !== 0 || ctx.reject({ expected: 'non-zero', meta: { rule: 'invalid' } })),
  reason: requiredText(REASON_MAX),
})
export type AdjustmentBody = typeof AdjustmentBody.infer

/** The admin queues show whose document or payout it is. */
export const AdminKycItem = type({
  id: Uuid,
  username: 'string',
  kind: 'string',
  status: KycStatus,
  reason: 'string | null',
  mimeType: 'string',
  createdAt: IsoDateTime,
  walletKind: WalletKind,
  /** The person's name on the wallet, to compare with the document. */
  holderName: 'string | null',
})
export type AdminKycItem = typeof AdminKycItem.infer

export const AdminPayoutItem = type({
  id: 'string',
  username: 'string',
  amount: 'number.integer',
  status: PayoutStatus,
  createdAt: IsoDateTime,
  updatedAt: IsoDateTime,
  /** Where the operator sends the transfer; the full IBAN stays on the server. */
  holderName: 'string',
  ibanMasked: 'string',
  /** The SEPA batch it left in, or null while it waits for one. */
  batchId: 'string | null',
})
export type AdminPayoutItem = typeof AdminPayoutItem.infer

/** A reviewed document: its final status and, for a rejection, the reason the user reads. */
export const KycReview = type({ id: Uuid, status: KycStatus, reason: 'string | null' })
export type KycReview = typeof KycReview.infer

/** A settled payout (amount in cents). */
const PayoutSettlement = type({
  id: 'string',
  status: PayoutStatus,
  amount: 'number.integer',
  updatedAt: IsoDateTime,
})
export type PayoutSettlement = typeof PayoutSettlement.infer

/** The adjustment's ledger entry, and the balance it left. */
const Adjustment = Transaction.merge({ balance: Money })
export type Adjustment = typeof Adjustment.infer

/** The wallet admin rows of the endpoint table: KYC review, payout settlement, adjustments. */
export const walletAdminEndpoints = {
  adminKyc: {
    summary: 'Certification documents by status (`pending`, `verified`, `rejected`), oldest first',
    query: AdminStatusQuery,
    response: listOf(AdminKycItem),
  },
  adminKycReview: {
    summary: 'Verifies or rejects (with a reason) a pending document, audited; a reviewed one is final (409)',
    body: KycReviewBody,
    response: KycReview,
  },
  adminPayouts: {
    summary: 'Payouts by status (`pending` oldest first, others newest first), with the account to pay',
    query: AdminStatusQuery,
    response: listOf(AdminPayoutItem),
  },
  adminPayoutUpdate: {
    summary:
      'Marks a pending payout paid, or failed (its amount goes back to the balance), audited; once only (409)',
    body: PayoutUpdateBody,
    response: PayoutSettlement,
  },
  adminWalletAdjustment: {
    summary: 'Posts a signed correction to a user’s ledger, available at once, audited',
    body: AdjustmentBody,
    response: Adjustment,
    status: 201,
  },
} as const satisfies Record<string, EndpointSchemas>
