/** What the admin plumbing reads: accounts and the audit log, a page at a time. */
import { desc, eq, ilike, or, sql } from 'drizzle-orm'
import type { Executor } from '#server/db/client.ts'
import { auditLog, users } from '#server/db/schema.ts'
import type { AdminUser, AuditEntry } from '#shared/contract/access.ts'
import type { List } from '#shared/contract/common.ts'

export interface Page {
  limit: number
  offset: number
}

/** One page, fetched with one row more than shown: that extra row says whether another page follows. */
function pageOf<T>(rows: T[], { limit, offset }: Page): List<T> {
  const next = rows.length > limit ? { nextCursor: String(offset + limit) } : {}
  return { items: rows.slice(0, limit), ...next }
}

/** LIKE wildcards in a search are literal characters, not patterns. */
const escapeLike = (value: string) => value.replace(/[\\%_]/g, (char) => `\\${char}`)

/** Accounts, newest first, whose username or e-mail contains `search` (all of them without one). */
export async function listAdminUsers(
  db: Executor,
  search: string | undefined,
  page: Page,
): Promise<List<AdminUser>> {
  const pattern = search ? `%${escapeLike(search)}%` : undefined
  const rows = await db
    .select()
    .from(users)
    .where(pattern ? or(ilike(users.username, pattern), ilike(users.email, pattern)) : undefined)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(page.limit + 1)
    .offset(page.offset)
  return pageOf(
    rows.map((row) => ({
      id: row.id,
      username: row.username,
      email: row.email,
      roles: row.roles,
      kind: row.kind,
      emailVerified: row.emailVerifiedAt !== null,
      createdAt: row.createdAt.toISOString(),
      avatar: row.avatar ?? null,
    })),
    page,
  )
}

/** Audit entries, newest first, of one action when asked. */
export async function listAuditEntries(
  db: Executor,
  action: string | undefined,
  page: Page,
): Promise<List<AuditEntry>> {
  const rows = await db
    .select({ entry: auditLog, actor: users.username })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(action ? eq(auditLog.action, action) : undefined)
    .orderBy(desc(auditLog.createdAt), desc(sql`${auditLog.id}`))
    .limit(page.limit + 1)
    .offset(page.offset)
  return pageOf(
    rows.map(({ entry, actor }) => ({
      id: entry.id,
      actor: actor ?? null,
      action: entry.action,
      target: entry.target,
      details: entry.details ?? null,
      occurrences: entry.occurrences,
      createdAt: entry.createdAt.toISOString(),
      lastSeenAt: entry.lastSeenAt.toISOString(),
    })),
    page,
  )
}
