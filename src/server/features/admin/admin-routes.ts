/**
 * Admin plumbing: whether a token has admin access, the user list, the audit log, and an audit entry
 * for every call under /api/admin (whoever wrote the route). Access itself is enforced for every
 * admin route by the endpoint table (`access: 'admin'`).
 */
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { isAdmin } from '#server/http/access-rules.ts'
import { registerRoute } from '#server/http/register-endpoint.ts'
import { audit, auditDenied, DENIED_ACTION } from '#server/lib/audit.ts'
import { listAdminUsers, listAuditEntries } from './admin-repository'
import { missionReviewRoutes } from './mission-review-routes'

// 50 rows: one screen of the admin table.
const DEFAULT_PAGE = 50
const MAX_PAGE = 100

/** Offset cursors: admin lists are small and read by people, so stable keyset paging is not worth it. */
function paging(query: { cursor?: string; limit?: string }) {
  const limit = Math.min(MAX_PAGE, Math.max(1, Number(query.limit ?? DEFAULT_PAGE) || DEFAULT_PAGE))
  const offset = /^\d{1,9}$/.test(query.cursor ?? '') ? Number(query.cursor) : 0
  return { limit, offset }
}

const AUDITED_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'])

/**
 * Audits every /api/admin call, whichever feature registered the route. Refused calls (a signed-in
 * non-admin) are aggregated per hour; see auditDenied. Written before the answer leaves (onSend, not
 * onResponse): whoever sees the answer, the admin reading the log included, finds the call recorded.
 */
function addAdminAuditHook(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    if (!request.url.startsWith('/api/admin/') && request.url !== '/api/admin') return payload
    const session = request.session
    if (!session) return payload
    const denied = !isAdmin(session.user)
    // The route's pattern, not the URL: a caller inventing paths must not invent targets (rows) too.
    const method = AUDITED_METHODS.has(request.method) ? request.method : 'OTHER'
    const record = {
      actorId: session.user.id,
      action: denied ? DENIED_ACTION : 'admin.request',
      target: `${method} ${request.routeOptions.url ?? '(no such route)'}`,
      details: { url: request.url.slice(0, 500), status: reply.statusCode },
    }
    try {
      await (denied ? auditDenied(app.db, record) : audit(app.db, record))
    } catch (error) {
      request.log.error({ err: error }, 'admin audit entry failed')
    }
    return payload
  })
}

/**
 * Not encapsulated (fastify-plugin): the audit hook must sit on the root instance to see the admin
 * routes other features register.
 */
export const adminRoutes = fp(
  async (app: FastifyInstance) => {
    addAdminAuditHook(app)

    registerRoute(app, 'adminAccess', async ({ params }) => {
      const resolved = await app.sessions.resolve(params.token)
      return { admin: resolved !== null && isAdmin(resolved.session.user) }
    })

    registerRoute(app, 'adminUsers', async ({ query }) =>
      listAdminUsers(app.db, query.q?.trim() || undefined, paging(query)),
    )

    // Names only, never values: which settings switch a service on (README's configuration table).
    registerRoute(app, 'adminIntegrations', async () => ({
      items: [
        {
          name: 'twitch' as const,
          enabled: app.config.twitch !== undefined,
          settings: ['TWITCH_CLIENT_ID', 'TWITCH_CLIENT_SECRET'],
        },
        {
          name: 'turnstile' as const,
          enabled: app.config.turnstile !== undefined,
          settings: ['TURNSTILE_SITE_KEY', 'TURNSTILE_SECRET'],
        },
        { name: 'smtp' as const, enabled: app.config.smtpUrl !== undefined, settings: ['SMTP_URL'] },
      ],
    }))

    registerRoute(app, 'adminAudit', async ({ query }) =>
      listAuditEntries(app.db, query.action, paging(query)),
    )

    await missionReviewRoutes(app)
  },
  { name: 'admin-routes' },
)
