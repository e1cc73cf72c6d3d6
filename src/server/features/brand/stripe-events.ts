/**
 * What the webhook reads of Stripe's events, checked before anything moves: a signed event is still
 * only as good as its fields, and a missing currency or an amount that is not a whole number of cents
 * must be refused (400, nothing credited), not crash the handler into a 500 that Stripe retries for
 * three days. And the signature's own time: Stripe's client refuses one too old, this also refuses one
 * dated in the future beyond the same tolerance.
 */
import { type Type, type } from 'arktype'
import { ApiError } from '#server/http/api-error.ts'
import { formErrorsFromArk } from '#shared/contract/form-error-tree.ts'

/** Five minutes either way, Stripe's own default tolerance for the age of a signature. */
const SIGNATURE_TOLERANCE_SECONDS = 300

const Id = type('string > 0')
const Cents = type('number.integer >= 0')
/** ISO 4217 as Stripe writes it: three lower-case letters. */
const Currency = type(/^[a-z]{3}$/)

const EventShape = type({ id: Id, type: Id, data: { object: 'object' } })
const SucceededIntent = type({ id: Id, amount_received: Cents, currency: Currency })
const EndedIntent = type({ id: Id })
/** `amount_refunded` is cumulative: what was refunded of the charge so far, all refunds together. */
const RefundedCharge = type({
  id: Id,
  payment_intent: 'string | null',
  amount: Cents,
  amount_refunded: Cents,
  currency: Currency,
})
const ChargeDispute = type({
  id: Id,
  charge: Id,
  payment_intent: 'string | null',
  amount: Cents,
  currency: Currency,
  status: Id,
})

export type StripeNotice =
  | { kind: 'payment_succeeded'; intent: typeof SucceededIntent.infer }
  | { kind: 'payment_ended'; intentId: string }
  | { kind: 'refund'; charge: typeof RefundedCharge.infer }
  | { kind: 'dispute'; dispute: typeof ChargeDispute.infer; closed: boolean }
  | { kind: 'ignored'; type: string }

const badEvent = (errors: ReturnType<typeof formErrorsFromArk>) =>
  new ApiError(400, 'BAD_EVENT', 'This Stripe event is not well formed', errors)

function checked<T extends Type>(schema: T, data: unknown): T['infer'] {
  const result = schema(data)
  if (result instanceof type.errors) throw badEvent(formErrorsFromArk(result))
  return result as T['infer']
}

/** The event Stripe signed, as the webhook acts on it; 400 BAD_EVENT when a field it needs is wrong. */
export function readStripeEvent(event: unknown): StripeNotice {
  const { type: kind, data } = checked(EventShape, event)
  switch (kind) {
    case 'payment_intent.succeeded':
      return { kind: 'payment_succeeded', intent: checked(SucceededIntent, data.object) }
    case 'payment_intent.payment_failed':
    case 'payment_intent.canceled':
      return { kind: 'payment_ended', intentId: checked(EndedIntent, data.object).id }
    case 'charge.refunded':
      return { kind: 'refund', charge: checked(RefundedCharge, data.object) }
    case 'charge.dispute.created':
    case 'charge.dispute.closed':
      return {
        kind: 'dispute',
        dispute: checked(ChargeDispute, data.object),
        closed: kind === 'charge.dispute.closed',
      }
    default:
      return { kind: 'ignored', type: kind }
  }
}

const badTimestamp = () =>
  new ApiError(400, 'BAD_SIGNATURE', 'The Stripe signature of this event is not valid')

/**
 * The `t=` of a Stripe-Signature header must be within the tolerance of now, either way (Stripe's
 * client only refuses a signature too old; one dated ahead would stay replayable until that date).
 */
export function checkSignatureTime(header: string, nowSeconds = Math.floor(Date.now() / 1000)): void {
  const stamp = header
    .split(',')
    .map((part) => part.trim())
    .find((part) => part.startsWith('t='))
  const seconds = stamp ? Number(stamp.slice(2)) : Number.NaN
  if (!Number.isSafeInteger(seconds) || Math.abs(nowSeconds - seconds) > SIGNATURE_TOLERANCE_SECONDS)
    throw badTimestamp()
}
