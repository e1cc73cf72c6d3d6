/** A mission's budget top-ups: by card through Stripe, or recorded by an admin. */
import { type } from 'arktype'
import { IsoDateTime, MAX_CENTS, PositiveCents, requiredText } from './common'

/** 500: room for a clear explanation in the audit log, not an essay. */
const REASON_MAX = 500

/** 50 cents: the smallest amount Stripe charges in EUR. */
const MIN_CARD_TOP_UP_CENTS = 50
export const BrandTopUpBody = type({
  '+': 'reject',
  amount: type('number.integer').and(`${MIN_CARD_TOP_UP_CENTS} <= number <= ${MAX_CENTS}`),
})
export type BrandTopUpBody = typeof BrandTopUpBody.infer

/** What the card form confirms with Stripe.js; the budget grows when Stripe's webhook says it succeeded. */
export const BrandTopUpIntent = type({ clientSecret: 'string', topUpId: 'string' })
export type BrandTopUpIntent = typeof BrandTopUpIntent.infer

const TopUpSource = type("'card' | 'manual'")
/** `refunded` and `disputed`: a card top-up Stripe took (some of) back after it was credited. */
const TopUpStatus = type("'pending' | 'succeeded' | 'failed' | 'refunded' | 'disputed'")

export const BrandTopUp = type({
  id: 'string',
  missionCode: 'string',
  amount: 'number.integer',
  source: TopUpSource,
  status: TopUpStatus,
  /** Refunded so far: out of the budget. */
  refunded: 'number.integer >= 0',
  /** Questioned by the card holder's bank: out of the budget while the dispute is open or once it is lost. */
  disputed: 'number.integer >= 0',
  dispute: "'open' | 'won' | 'lost' | null",
  /** Who asked for it (the member who paid, the admin who recorded it); null once that account is gone. */
  createdBy: 'string | null',
  createdAt: IsoDateTime,
})
export type BrandTopUp = typeof BrandTopUp.infer

export const AdminMissionTopUpBody = type({
  '+': 'reject',
  amount: PositiveCents,
  reason: requiredText(REASON_MAX),
})
export type AdminMissionTopUpBody = typeof AdminMissionTopUpBody.infer

export const StripeWebhookAnswer = type({ received: 'true' })
