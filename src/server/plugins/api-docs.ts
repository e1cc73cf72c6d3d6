import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import packageJson from '#package.json' with { type: 'json' }
import { renderApiReference } from '../http/api-reference'
import { buildOpenApiDocument } from '../http/openapi'

declare module 'fastify' {
  interface FastifyInstance {
    /** Every `/api/` route the app registered (`GET /api/...`), so a test can hold the document to them. */
    registeredApiRoutes: Set<string>
  }
}

/**
 * `/api/openapi.json` and its readable page `/api/docs`, generated from the endpoint table. Registered
 * before the features, so it also sees every API route they add and a test can compare both.
 */
export const apiDocsPlugin = fp(
  async (app: FastifyInstance) => {
    const routes = new Set<string>()
    app.decorate('registeredApiRoutes', routes)
    app.addHook('onRoute', (route) => {
      if (!route.url.startsWith('/api/')) return
      for (const method of [route.method].flat()) {
        if (method !== 'HEAD') routes.add(`${method} ${route.url}`)
      }
    })
    let built: { document: Record<string, unknown>; page: string } | undefined
    const docs = () => {
      if (!built) {
        const document = buildOpenApiDocument({
          publicUrl: app.config.publicUrl,
          version: packageJson.version,
        })
        built = { document, page: renderApiReference(document) }
      }
      return built
    }
    app.get('/api/openapi.json', async () => docs().document)
    app.get('/api/docs', async (_request, reply) => reply.type('text/html; charset=utf-8').send(docs().page))
  },
  { name: 'api-docs' },
)
