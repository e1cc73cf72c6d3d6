/**
 * Admin plumbing: whether a token has admin access, the user list, the audit log, and an audit entry
 * for every call under /api/admin (whoever wrote the route). Access itself is enforced for every
 * admin route by the endpoint table (`access: 'admin'`).
 */
import { desc, eq, ilike, or, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { auditLog, users } from '#server/db/schema.ts'
import { isAdmin, registerEndpoint } from '#server/http/register-endpoint.ts'
import { audit, auditDenied, DENIED_ACTION } from '#server/lib/audit.ts'
import { AdminAuditQuery, type AdminUser, AdminUsersQuery, type AuditEntry } from '#shared/contract/access.ts'
import type { AdminAccess } from '#shared/contract/auth.ts'
import { resolveSession } from '../auth/sessions'

// 50 rows: one screen of the admin table.
const DEFAULT_PAGE = 50
const MAX_PAGE = 100

/** Offset cursors: admin lists are small and read by people, so stable keyset paging is not worth it. */
function paging(query: { cursor?: string; limit?: string }) {
  const limit = Math.min(MAX_PAGE, Math.max(1, Number(query.limit ?? DEFAULT_PAGE) || DEFAULT_PAGE))
  const offset = /^\d{1,9}$/.test(query.cursor ?? '') ? Number(query.cursor) : 0
  return { limit, offset }
}

const nextCursor = (offset: number, limit: number, received: number) =>
  received > limit ? { nextCursor: String(offset + limit) } : {}

/** LIKE wildcards in a search are literal characters, not patterns. */
const escapeLike = (value: string) => value.replace(/[\\%_]/g, (char) => `\\${char}`)

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

    registerEndpoint(app, 'adminAccess', {}, async ({ params }): Promise<AdminAccess> => {
      const session = await resolveSession(app.db, params.token)
      return { admin: session !== null && isAdmin(session.user) }
    })

    registerEndpoint(app, 'adminUsers', { query: AdminUsersQuery }, async ({ query }) => {
      const { limit, offset } = paging(query)
      const search = query.q?.trim()
      const pattern = search ? `%${escapeLike(search)}%` : undefined
      const rows = await app.db
        .select()
        .from(users)
        .where(pattern ? or(ilike(users.username, pattern), ilike(users.email, pattern)) : undefined)
        .orderBy(desc(users.createdAt), desc(users.id))
        .limit(limit + 1)
        .offset(offset)
      const items: AdminUser[] = rows.slice(0, limit).map((row) => ({
        id: row.id,
        username: row.username,
        email: row.email,
        roles: row.roles,
        kind: row.kind,
        emailVerified: row.emailVerifiedAt !== null,
        createdAt: row.createdAt.toISOString(),
      }))
      return { items, ...nextCursor(offset, limit, rows.length) }
    })

    registerEndpoint(app, 'adminAudit', { query: AdminAuditQuery }, async ({ query }) => {
      const { limit, offset } = paging(query)
      const rows = await app.db
        .select({ entry: auditLog, actor: users.username })
        .from(auditLog)
        .leftJoin(users, eq(users.id, auditLog.actorId))
        .where(query.action ? eq(auditLog.action, query.action) : undefined)
        .orderBy(desc(auditLog.createdAt), desc(sql`${auditLog.id}`))
        .limit(limit + 1)
        .offset(offset)
      const items: AuditEntry[] = rows.slice(0, limit).map(({ entry, actor }) => ({
        id: entry.id,
        actor: actor ?? null,
        action: entry.action,
        target: entry.target,
        details: entry.details ?? null,
        occurrences: entry.occurrences,
        createdAt: entry.createdAt.toISOString(),
        lastSeenAt: entry.lastSeenAt.toISOString(),
      }))
      return { items, ...nextCursor(offset, limit, rows.length) }
    })
  },
  { name: 'admin-routes' },
)
