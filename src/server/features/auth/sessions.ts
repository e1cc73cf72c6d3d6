/** The sessions table: creating, finding, checking and revoking sign-in sessions. */
import { and, eq, gt, gte, inArray, isNull, ne, sql } from 'drizzle-orm'
import type { Database, Executor } from '#server/db/client.ts'
import { preparedPerDatabase } from '#server/db/prepared.ts'
import { sessions, users } from '#server/db/schema.ts'
import type { AuthenticatedSession } from '#server/http/register-endpoint.ts'
import type { ResolvedSession } from '#server/http/session-resolver.ts'
import { hashToken, newToken } from '#server/lib/tokens.ts'

// A session dies after 14 days without use, and after 30 days whatever happens (ASVS 3.3).
export const SESSION_IDLE_MS = 14 * 24 * 60 * 60 * 1000
const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000
// Refresh last_used_at at most once a minute: a write per request would cost more than it tells.
export const TOUCH_INTERVAL_MS = 60 * 1000

export async function createSession(
  db: Database,
  userId: string,
  client: { userAgent?: string; ip?: string } = {},
): Promise<{ token: string; sessionId: string }> {
  const token = newToken()
  const [row] = await db
    .insert(sessions)
    .values({
      tokenHash: hashToken(token),
      userId,
      expiresAt: new Date(Date.now() + SESSION_ABSOLUTE_MS),
      userAgent: client.userAgent?.slice(0, 300) ?? null,
      ip: client.ip ?? null,
    })
    .returning({ id: sessions.id })
  if (!row) throw new Error('session insert returned no row')
  return { token, sessionId: row.id }
}

/**
 * A session's rows that are still usable at `now`: not revoked, not past their absolute expiry, and
 * used within the idle limit. HTTP requests, socket handshakes and the socket sweep all ask this.
 */
function liveAt(now: Date) {
  return and(
    isNull(sessions.revokedAt),
    gt(sessions.expiresAt, now),
    gte(sessions.lastUsedAt, new Date(now.getTime() - SESSION_IDLE_MS)),
  )
}

// Every signed-in request asks this: built once per database, its values given as placeholders.
const liveSessionByTokenHash = preparedPerDatabase((db) =>
  db
    .select({
      id: sessions.id,
      lastUsedAt: sessions.lastUsedAt,
      expiresAt: sessions.expiresAt,
      userId: users.id,
      username: users.username,
      roles: users.roles,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql.placeholder('now')),
        gte(sessions.lastUsedAt, sql.placeholder('idleSince')),
      ),
    )
    .limit(1)
    .prepare('live_session_by_token_hash'),
)

const touchSession = preparedPerDatabase((db) =>
  db
    .update(sessions)
    .set({ lastUsedAt: sql`${sql.placeholder('now')}::timestamptz` })
    .where(eq(sessions.id, sql.placeholder('id')))
    .prepare('touch_session'),
)

/** A session row as a request reads it: who it is, and the moments that end it. */
export interface SessionRow extends ResolvedSession {
  /** When the session was last used, as stored (refreshed at most once a minute). */
  lastUsedAt: Date
}

/** The session row of a token's hash, or null when unknown, revoked, expired or idle; touched if due. */
export async function readLiveSession(
  db: Database,
  tokenHash: string,
  now: Date,
): Promise<SessionRow | null> {
  const [row] = await liveSessionByTokenHash(db).execute({
    tokenHash,
    now,
    idleSince: new Date(now.getTime() - SESSION_IDLE_MS),
  })
  if (!row) return null
  let lastUsedAt = row.lastUsedAt
  if (now.getTime() - lastUsedAt.getTime() > TOUCH_INTERVAL_MS) {
    await touchSession(db).execute({ id: row.id, now: now.toISOString() })
    lastUsedAt = now
  }
  return {
    session: { id: row.id, user: { id: row.userId, username: row.username, roles: row.roles } },
    expiresAt: row.expiresAt,
    lastUsedAt,
  }
}

// Well-formed tokens are 43 base64url characters; anything else is not worth a query.
export const wellFormedToken = (token: string) => /^[\w-]{20,100}$/.test(token)

/** The live session of a token and its absolute expiry, or null when unknown, revoked, expired or idle. */
async function resolveSessionAndExpiry(db: Database, token: string): Promise<ResolvedSession | null> {
  if (!wellFormedToken(token)) return null
  const row = await readLiveSession(db, hashToken(token), new Date())
  return row && { session: row.session, expiresAt: row.expiresAt }
}

/** The live session of a token, or null when it is unknown, revoked, expired or idle too long. */
export async function resolveSession(db: Database, token: string): Promise<AuthenticatedSession | null> {
  return (await resolveSessionAndExpiry(db, token))?.session ?? null
}

// 1,000 ids per query: far below PostgreSQL's 65,535 bind parameters, and one node rarely holds more.
const LIVE_CHECK_BATCH = 1000

/**
 * Which of these session ids are still live. Sockets outlive the request that checked their session,
 * so they look again: on connection-state recovery, after joining their rooms, and in the periodic sweep.
 */
export async function liveSessionIds(db: Database, ids: readonly string[]): Promise<Set<string>> {
  const live = new Set<string>()
  const now = new Date()
  for (let start = 0; start < ids.length; start += LIVE_CHECK_BATCH) {
    const batch = ids.slice(start, start + LIVE_CHECK_BATCH)
    const rows = await db
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(inArray(sessions.id, batch), liveAt(now)))
    for (const row of rows) live.add(row.id)
  }
  return live
}

export async function revokeSession(db: Database, sessionId: string): Promise<void> {
  await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId))
}

/** Every live session of a user, revoked at once (password reset); returns their ids to cut sockets. */
export async function revokeUserSessions(db: Executor, userId: string): Promise<string[]> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id })
  return rows.map((row) => row.id)
}

/** Every live session of a user but one (a password change keeps the device that made it). */
export async function revokeOtherSessions(db: Executor, userId: string, keepId: string): Promise<string[]> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), ne(sessions.id, keepId)))
    .returning({ id: sessions.id })
  return rows.map((row) => row.id)
}
