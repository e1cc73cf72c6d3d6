/** The brand portal: every route of the feature, registered from app.ts. */
import type { FastifyInstance } from 'fastify'
import { registerBrandBudgetFeed } from './brand-budget'
import { brandMissionRoutes } from './brand-mission-routes'
import { brandOverviewRoutes } from './brand-overview-routes'
import { brandProviderRoutes } from './brand-provider-routes'
import { brandResultsRoutes } from './brand-results-routes'
import { brandTeamRoutes } from './brand-team-routes'
import { stripeClient } from './stripe-payments'
import { stripeWebhookRoutes } from './stripe-webhook-routes'
import { topUpRoutes } from './top-up-routes'

export async function brandRoutes(app: FastifyInstance) {
  registerBrandBudgetFeed(app)
  await app.register(brandProviderRoutes)
  await app.register(brandMissionRoutes)
  await app.register(brandResultsRoutes)
  await app.register(brandTeamRoutes)
  await app.register(brandOverviewRoutes)
  // One client for both: the brand's card top-ups and the webhook Stripe calls back.
  const stripe = stripeClient(app.config)
  await app.register(topUpRoutes, { stripe })
  await app.register(stripeWebhookRoutes, { stripe })
}
