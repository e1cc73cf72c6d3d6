/**
 * Retention (RETENTION_DAYS): invalid deal events and refused admin calls, the rows attack traffic
 * makes, are deleted once last seen more than that many days ago. Valid events (the earnings' trail)
 * and real admin actions are kept; Idempotency-Key claims and settled clicks of the intake (a queue: what
 * they credited is in the deal's events) go a day after. Runs at start-up, then every hour.
 */
import { and, eq, lt, type SQL, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { Database } from '#server/db/client.ts'
import { auditLog, clickIntake, dealEvents } from '#server/db/schema.ts'
import { pruneIdempotentRequests } from '#server/http/idempotency.ts'
import { staleDeniedAudit } from '#server/lib/audit.ts'

const DAY_MS = 24 * 60 * 60 * 1000
// Hourly: retention is counted in days, so an hour late is nothing, and each pass stays small.
const RETENTION_INTERVAL_MS = 60 * 60 * 1000
// 5,000 rows a statement: a large backlog is pruned in short steps that never hold locks for long.
const PRUNE_BATCH = 5000

/** Deletes the rows `where` matches, a batch at a time. A plain DELETE: several nodes may run it at once. */
async function deleteInBatches(
  db: Database,
  table: typeof dealEvents | typeof auditLog | typeof clickIntake,
  where: SQL,
) {
  let deleted = 0
  for (;;) {
    const { rows } = await db.execute(
      sql`delete from ${table} where ${table.id} in (select ${table.id} from ${table} where ${where} limit ${PRUNE_BATCH}) returning ${table.id}`,
    )
    deleted += rows.length
    if (rows.length < PRUNE_BATCH) return deleted
  }
}

/** One retention pass; answers what it deleted, for the log. */
export async function pruneAttackTraffic(
  db: Database,
  retentionDays: number,
  now = new Date(),
): Promise<{ dealEvents: number; auditRows: number; settledClicks: number }> {
  const before = new Date(now.getTime() - retentionDays * DAY_MS)
  const settledBefore = new Date(now.getTime() - DAY_MS)
  const staleInvalidEvents = and(eq(dealEvents.valid, false), lt(dealEvents.lastSeenAt, before)) as SQL
  return {
    dealEvents: await deleteInBatches(db, dealEvents, staleInvalidEvents),
    auditRows: await deleteInBatches(db, auditLog, staleDeniedAudit(before)),
    settledClicks: await deleteInBatches(db, clickIntake, lt(clickIntake.settledAt, settledBefore)),
  }
}

/**
 * Schedules the retention pass on the app: once when it is ready, then hourly on an unref'd timer (it
 * never keeps the process alive), stopped, and its running pass awaited, when the app closes.
 */
export function registerRetentionJob(app: FastifyInstance): void {
  let timer: NodeJS.Timeout | undefined
  let running: Promise<void> = Promise.resolve()
  const run = () => {
    running = running.then(async () => {
      try {
        const pruned = {
          ...(await pruneAttackTraffic(app.db, app.config.retentionDays)),
          // Idempotency-Keys are honoured for a day: their claims go with the hourly pass.
          idempotencyKeys: await pruneIdempotentRequests(app.db),
        }
        if (pruned.dealEvents + pruned.auditRows + pruned.settledClicks + pruned.idempotencyKeys > 0) {
          app.log.info({ pruned }, 'retention: old rows pruned')
        }
      } catch (error) {
        app.log.error({ err: error }, 'retention pass failed')
      }
    })
  }
  app.addHook('onReady', async () => {
    run()
    timer = setInterval(run, RETENTION_INTERVAL_MS)
    timer.unref()
  })
  app.addHook('onClose', async () => {
    clearInterval(timer)
    await running
  })
}
