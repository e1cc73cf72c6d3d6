/**
 * Topping up a mission's budget: by card through Stripe when STRIPE_SECRET_KEY and
 * STRIPE_WEBHOOK_SECRET are set (the server makes a PaymentIntent, the brand's browser confirms it
 * with Stripe.js, the signed webhook credits it), or by an admin's manual, audited top-up.
 */

import type { FastifyInstance } from 'fastify'
import type Stripe from 'stripe'
import { ApiError, conflict, forbidden, notFound } from '#server/http/api-error.ts'
import { registerRoute } from '#server/http/register-endpoint.ts'
import { announceBudget } from './brand-budget'
import { brandLimits, perUserAndBrand } from './brand-limits'
import { findBrandMission } from './brand-missions-repository'
import { providerOf } from './brand-provider-routes'
import { paymentsOff } from './stripe-payments'
import {
  attachPaymentIntent,
  createCardTopUp,
  failTopUp,
  findMissionByCode,
  listTopUps,
  manualTopUp,
  requireBudget,
} from './top-ups-repository'
import { announceTopUp } from './webhook-events'

export async function topUpRoutes(app: FastifyInstance, { stripe }: { stripe: Stripe | null }) {
  registerRoute(app, 'brandTopUps', async ({ provider, params }) => {
    const mission = await findBrandMission(app.db, providerOf(provider).providerId, params.code)
    const items = await listTopUps(app.db, mission)
    return { items, total: items.length }
  })

  registerRoute(app, 'brandTopUpCreate', async ({ provider: access, params, body, session }) => {
    const provider = providerOf(access)
    const mission = await findBrandMission(app.db, provider.providerId, params.code)
    if (!stripe) throw paymentsOff()
    requireBudget(mission)
    if (mission.status === 'closed')
      throw conflict('A closed mission takes no more budget', { errors: ['deal.mission_closed'] })
    if (!session) throw forbidden()
    // Each try makes a PaymentIntent at Stripe and a pending top-up here: counted, success or not.
    await app.rateLimiter.reserveAll(
      perUserAndBrand(
        { user: brandLimits.topUpUser, brand: brandLimits.topUpBrand },
        { userId: session.user.id, providerId: provider.providerId },
      ),
    )
    const topUp = await createCardTopUp(app.db, {
      missionId: mission.id,
      amount: body.amount,
      userId: session.user.id,
    })
    try {
      const intent = await stripe.paymentIntents.create(
        {
          amount: body.amount,
          currency: 'eur',
          // Cards (and whatever the Stripe account switches on) through Stripe.js's card form or Payment Element.
          automatic_payment_methods: { enabled: true },
          description: `Budget of ${mission.code}`,
          metadata: { topUpId: topUp.id, missionCode: mission.code, provider: provider.slug },
        },
        // The top-up's id: a retry of this call can never make a second intent for it.
        { idempotencyKey: `top-up-${topUp.id}` },
      )
      if (!intent.client_secret) throw new Error('Stripe answered a PaymentIntent without a client secret')
      await attachPaymentIntent(app.db, topUp.id, intent.id)
      return { clientSecret: intent.client_secret, topUpId: topUp.id }
    } catch (error) {
      await failTopUp(app.db, { id: topUp.id })
      app.log.error({ err: error, topUpId: topUp.id }, 'starting a card top-up failed')
      throw new ApiError(
        502,
        'PAYMENTS_UNAVAILABLE',
        'The card payment could not be started; try again later',
      )
    }
  })

  registerRoute(app, 'adminMissionTopUp', async ({ params, body, session }) => {
    const mission = await findMissionByCode(app.db, params.code)
    if (!mission) throw notFound('This mission does not exist')
    const topUp = await manualTopUp(app.db, {
      missionId: mission.id,
      amount: body.amount,
      reason: body.reason,
      actorId: session?.user.id ?? null,
      actorName: session?.user.username ?? null,
    })
    await announceBudget(app, mission.id)
    await announceTopUp(app, mission.id, 'top_up.succeeded', { id: topUp.id, amountCents: topUp.amount })
    return topUp
  })
}
