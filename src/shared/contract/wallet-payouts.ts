/** Payouts to a bank account, and the certification (KYC) documents a payout needs first. */
import { type } from 'arktype'
import { IsoDateTime, Money, PositiveCents, Uuid } from './common'

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
