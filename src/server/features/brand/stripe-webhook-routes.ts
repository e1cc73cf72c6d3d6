/**
 * Stripe's webhook: public, but only events Stripe signed with STRIPE_WEBHOOK_SECRET are
 * read (the official client's constructEvent checks the signature and its age over the raw bytes, so
 * this route keeps the body unparsed; a signature dated ahead of now is refused too), and only events
 * whose fields are what the handler needs (400 otherwise, nothing credited). A succeeded PaymentIntent
 * credits its top-up once, however often or concurrently the event is delivered; a failed or cancelled
 * one marks it failed; a refund or a dispute takes its amount back out of the budget, once, and the
 * brand's owners are told by mail.
 */
import type { FastifyInstance } from 'fastify'
import type Stripe from 'stripe'
import { invalidateMissionCatalogue } from '#server/features/deals/mission-catalogue-service.ts'
import { ApiError } from '#server/http/api-error.ts'
import { registerRoute } from '#server/http/register-endpoint.ts'
import { announceBudget } from './brand-budget'
import { checkSignatureTime, readStripeEvent, type StripeNotice } from './stripe-events'
import { paymentsOff } from './stripe-payments'
import { mailTakenBack } from './taken-back-notice'
import { type Reversal, recordDispute, recordRefund } from './top-up-reversals-repository'
import { creditCardTopUp, failTopUp } from './top-ups-repository'
import { announceTopUp } from './webhook-events'

const badSignature = () =>
  new ApiError(400, 'BAD_SIGNATURE', 'The Stripe signature of this event is not valid')

/** A closed dispute's status: won (or an inquiry closed without a chargeback) gives the money back. */
const closedState = (status: string) => (status === 'lost' ? 'lost' : 'won')

async function reverse(notice: StripeNotice, app: FastifyInstance): Promise<Reversal | null> {
  if (notice.kind === 'refund')
    return recordRefund(app.db, {
      paymentIntentId: notice.charge.payment_intent,
      refundedTotal: notice.charge.amount_refunded,
      currency: notice.charge.currency,
    })
  if (notice.kind === 'dispute')
    return recordDispute(app.db, {
      paymentIntentId: notice.dispute.payment_intent,
      amount: notice.dispute.amount,
      currency: notice.dispute.currency,
      state: notice.closed ? closedState(notice.dispute.status) : 'open',
    })
  return null
}

async function act(app: FastifyInstance, notice: StripeNotice): Promise<void> {
  if (notice.kind === 'payment_succeeded') {
    const { intent } = notice
    const credit = await creditCardTopUp(app.db, {
      id: intent.id,
      amountReceived: intent.amount_received,
      currency: intent.currency,
    })
    if (credit.credited) {
      await announceBudget(app, credit.missionId)
      await announceTopUp(app, credit.missionId, 'top_up.succeeded', { amountCents: intent.amount_received })
    } else if (credit.why !== 'already_settled')
      app.log.warn({ paymentIntent: intent.id, why: credit.why }, 'a succeeded payment credited no top-up')
    return
  }
  if (notice.kind === 'payment_ended') {
    await failTopUp(app.db, { paymentIntentId: notice.intentId })
    return
  }
  const reversal = await reverse(notice, app)
  if (!reversal) return
  if (reversal.moved) {
    // A mission paused over budget leaves the catalogue at once.
    if (reversal.paused) invalidateMissionCatalogue(app.db)
    await announceBudget(app, reversal.missionId)
    if (reversal.what === 'refund')
      await announceTopUp(app, reversal.missionId, 'top_up.refunded', { amountCents: reversal.amount })
    mailTakenBack(app, reversal).catch((error: unknown) =>
      app.log.error({ err: error, mission: reversal.missionCode }, 'the refund or dispute mail failed'),
    )
  } else if (reversal.why !== 'already_counted') {
    app.log.warn({ event: notice.kind, why: reversal.why }, 'a refund or dispute matched no top-up')
  }
}

/** Encapsulated: the raw-body JSON parser below applies to this route alone. */
export async function stripeWebhookRoutes(app: FastifyInstance, { stripe }: { stripe: Stripe | null }) {
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  )

  registerRoute(app, 'stripeWebhook', async ({ request, body }) => {
    const secret = app.config.stripe?.webhookSecret
    if (!stripe || !secret) throw paymentsOff()
    const signature = request.headers['stripe-signature']
    if (typeof signature !== 'string' || !Buffer.isBuffer(body)) throw badSignature()
    let event: unknown
    try {
      event = stripe.webhooks.constructEvent(body, signature, secret)
    } catch {
      throw badSignature()
    }
    // After the signature: the time is only worth checking in a header Stripe's secret signed.
    checkSignatureTime(signature)
    await act(app, readStripeEvent(event))
    return { received: true as const }
  })
}
