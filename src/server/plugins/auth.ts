import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { API_KEY_PREFIX, type ApiKeyCaller, type ApiKeyResolver } from '../http/api-key-resolver'
import type { AuthenticatedSession } from '../http/register-endpoint'
import type { SessionResolver } from '../http/session-resolver'
import { bearerToken } from '../lib/tokens'

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in caller, resolved from the bearer token; null for anonymous requests. */
    session: AuthenticatedSession | null
    /** The brand API key the request carries instead of a session; null otherwise. */
    apiKey: ApiKeyCaller | null
  }
  interface FastifyInstance {
    /** Who a token belongs to (the auth feature's resolver, given by the composition root). */
    sessions: SessionResolver
  }
}

/**
 * Resolves `Authorization: Bearer <token>` on API requests. Downloads opened as plain links (a
 * plain link sends no header) carry it as `?authorization=Bearer ...` on GET requests instead.
 * A bad token makes the request anonymous; routes that need a session then answer 401. A brand API
 * key (`sdk_live_…`, only in the header: keys belong in scripts' headers, never in links) is resolved
 * to its brand instead; the access rules decide which routes it reaches.
 */
export const authPlugin = fp(
  async (
    app: FastifyInstance,
    { sessions, apiKeys }: { sessions: SessionResolver; apiKeys: ApiKeyResolver },
  ) => {
    app.decorate('sessions', sessions)
    app.decorateRequest('session', null)
    app.decorateRequest('apiKey', null)
    app.addHook('preHandler', async (request) => {
      if (!request.url.startsWith('/api/')) return
      const fromQuery =
        request.method === 'GET'
          ? (request.query as Record<string, unknown> | undefined)?.authorization
          : undefined
      const header = request.headers.authorization ?? (typeof fromQuery === 'string' ? fromQuery : undefined)
      const token = bearerToken(header)
      if (token?.startsWith(API_KEY_PREFIX)) {
        if (header === request.headers.authorization) request.apiKey = await apiKeys.resolve(token)
        return
      }
      request.session = token ? ((await sessions.resolve(token))?.session ?? null) : null
    })
  },
  { name: 'auth' },
)
