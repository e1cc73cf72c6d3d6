import { and, eq, gte, lt, type SQL, sql } from 'drizzle-orm'
import type { Database, Executor } from '../db/client'
import { auditLog } from '../db/schema'

export interface AuditRecord {
  /** Who did it; null for the system itself (start-up bootstrap, scheduled jobs). */
  actorId: string | null
  /** Dotted verb, e.g. `kyc.review`, `deal.state`, `wallet.adjustment`. */
  action: string
  /** What it was done to, e.g. `user:alice`, `deal:AB12CD`. */
  target: string
  details?: Record<string, unknown>
}

/**
 * Writes one audit entry. Call it with the transaction that makes the change, so the change and its
 * record land together or not at all.
 */
export async function audit(db: Executor, record: AuditRecord): Promise<void> {
  await db.insert(auditLog).values({
    actorId: record.actorId,
    action: record.action,
    target: record.target,
    details: record.details ?? null,
  })
}

/** The action of a refused call under /api/admin: the only audit rows that attack traffic can grow. */
export const DENIED_ACTION = 'admin.denied'

const HOUR_MS = 60 * 60 * 1000
// Arbitrary namespace of the denied-call locks (two-key advisory locks never meet the one-key ones).
const DENIED_LOCK_NAMESPACE = 11_002

/**
 * Records a refused admin call, aggregated: one row per actor, action and target per hour, whose
 * `occurrences` and `last_seen_at` grow with each repeat, so a script hammering the admin API adds one
 * row an hour instead of one per request. The advisory lock makes the find-or-insert exact across
 * connections and nodes.
 */
export async function auditDenied(db: Database, record: AuditRecord & { actorId: string }): Promise<void> {
  const hourStart = new Date(Math.floor(Date.now() / HOUR_MS) * HOUR_MS)
  await db.transaction(async (tx) => {
    const key = `${record.actorId}\n${record.action}\n${record.target}`
    await tx.execute(sql`select pg_advisory_xact_lock(${DENIED_LOCK_NAMESPACE}, hashtext(${key}))`)
    const [counted] = await tx
      .update(auditLog)
      .set({ occurrences: sql`${auditLog.occurrences} + 1`, lastSeenAt: sql`clock_timestamp()` })
      .where(
        and(
          eq(auditLog.action, record.action),
          eq(auditLog.target, record.target),
          gte(auditLog.lastSeenAt, hourStart),
          gte(auditLog.createdAt, hourStart),
          eq(auditLog.actorId, record.actorId),
        ),
      )
      .returning({ id: auditLog.id })
    if (!counted) await audit(tx, record)
  })
}

/** Denied-call rows last seen before `before`: what retention may delete; real admin actions never match. */
export const staleDeniedAudit = (before: Date): SQL =>
  and(eq(auditLog.action, DENIED_ACTION), lt(auditLog.lastSeenAt, before)) as SQL
