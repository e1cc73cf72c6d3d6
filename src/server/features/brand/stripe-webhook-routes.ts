/**
 * Stripe's webhook: public, but only events Stripe signed with STRIPE_WEBHOOK_SECRET are
 * read (the official client's constructEvent checks the signature and its age over the raw bytes, so
 * this route keeps the body unparsed). A succeeded PaymentIntent credits its top-up once, however often
 * or concurrently the event is delivered; a failed or cancelled one marks it failed.
 */
import type { FastifyInstance } from 'fastify'
import type Stripe from 'stripe'
import { ApiError } from '#server/http/api-error.ts'
import { registerRoute } from '#server/http/register-endpoint.ts'
import { announceBudget } from './brand-budget'
import { paymentsOff } from './top-up-routes'
import { creditCardTopUp, failTopUp } from './top-ups-repository'

const badSignature = () =>
  new ApiError(400, 'BAD_SIGNATURE', 'The Stripe signature of this event is not valid')

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
    let event: Stripe.Event
    try {
      event = stripe.webhooks.constructEvent(body, signature, secret)
    } catch {
      throw badSignature()
    }
    if (event.type === 'payment_intent.succeeded') {
      const intent = event.data.object
      const credit = await creditCardTopUp(app.db, {
        id: intent.id,
        amountReceived: intent.amount_received,
        currency: intent.currency,
      })
      if (credit.credited) await announceBudget(app, credit.missionId)
      else if (credit.why !== 'already_settled')
        app.log.warn({ paymentIntent: intent.id, why: credit.why }, 'a succeeded payment credited no top-up')
    } else if (event.type === 'payment_intent.payment_failed' || event.type === 'payment_intent.canceled') {
      await failTopUp(app.db, { paymentIntentId: event.data.object.id })
    }
    return { received: true as const }
  })
}
