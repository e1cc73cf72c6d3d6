/** The brand portal: every route of the feature, registered from app.ts. */
import type { FastifyInstance } from 'fastify'
import { registerBrandBudgetFeed } from './brand-budget'
import { brandMissionRoutes } from './brand-mission-routes'
import { brandOverviewRoutes } from './brand-overview-routes'
import { brandProviderRoutes } from './brand-provider-routes'
import { brandResultsRoutes } from './brand-results-routes'
import { brandTeamRoutes } from './brand-team-routes'
import { integrationRoutes } from './integration-routes'
import { stripeClient } from './stripe-payments'
import { stripeWebhookRoutes } from './stripe-webhook-routes'
import { topUpRoutes } from './top-up-routes'
import { startWebhookDispatcher } from './webhook-dispatcher'
import { registerWebhookEvents } from './webhook-events'

export async function brandRoutes(app: FastifyInstance) {
  registerBrandBudgetFeed(app)
  await app.register(brandProviderRoutes)
  await app.register(brandMissionRoutes)
  await app.register(brandResultsRoutes)
  // Every node sends the webhook deliveries it claims; events are queued from deal changes and top-ups.
  const dispatcher = startWebhookDispatcher(app)
  app.decorate('webhookDispatcher', dispatcher)
  app.addHook('onClose', async () => dispatcher.close())
  registerWebhookEvents(app)
  await app.register(integrationRoutes)
  await app.register(brandTeamRoutes)
  await app.register(brandOverviewRoutes)
  // One client for both: the brand's card top-ups and the webhook Stripe calls back.
  const stripe = stripeClient(app.config)
  await app.register(topUpRoutes, { stripe })
  await app.register(stripeWebhookRoutes, { stripe })
}
