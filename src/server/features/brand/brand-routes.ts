/** The brand portal (issue 16): every route of the feature, registered from app.ts. */
import type { FastifyInstance } from 'fastify'
import { brandProviderRoutes } from './brand-provider-routes'

export async function brandRoutes(app: FastifyInstance) {
  await app.register(brandProviderRoutes)
}
