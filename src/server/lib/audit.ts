import type { Executor } from '../db/client'
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
