import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { AuthenticatedSession } from '../http/register-endpoint'
import type { SessionResolver } from '../http/session-resolver'
import { bearerToken } from '../lib/tokens'

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in caller, resolved from the bearer token; null for anonymous requests. */
    session: AuthenticatedSession | null
  }
  interface FastifyInstance {
    /** Who a token belongs to (the auth feature's resolver, given by the composition root). */
    sessions: SessionResolver
  }
}

/**
 * Resolves `Authorization: Bearer <token>` on API requests. Downloads opened as plain links (a
 * plain link sends no header) carry it as `?authorization=Bearer ...` on GET requests instead.
 * A bad token makes the request anonymous; routes that need a session then answer 401.
 */
export const authPlugin = fp(
  async (app: FastifyInstance, { sessions }: { sessions: SessionResolver }) => {
    app.decorate('sessions', sessions)
    app.decorateRequest('session', null)
    app.addHook('preHandler', async (request) => {
      if (!request.url.startsWith('/api/')) return
      const fromQuery =
        request.method === 'GET'
          ? (request.query as Record<string, unknown> | undefined)?.authorization
          : undefined
      const header = request.headers.authorization ?? (typeof fromQuery === 'string' ? fromQuery : undefined)
      const token = bearerToken(header)
      request.session = token ? ((await sessions.resolve(token))?.session ?? null) : null
    })
  },
  { name: 'auth' },
)
