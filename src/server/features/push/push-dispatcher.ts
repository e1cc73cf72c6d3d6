/**
 * Sends the outbox. Every node runs one; a node claims due rows with FOR UPDATE SKIP LOCKED and, in
 * the same statement, moves their next attempt a lease ahead, so two nodes never take the same row
 * and a node that dies mid-send leaves it to be retried after the lease. Woken at once by the
 * outbox's NOTIFY (migration 0007), and by a slow poll for what a node missed while not listening.
 */
import { and, eq, isNull, sql } from 'drizzle-orm'
import type { OpenedDatabase } from '#server/db/client.ts'
import { pushOutbox, pushSubscriptions, sessions } from '#server/db/schema.ts'
import { isSupportedLocale } from '#server/http/locale.ts'
import { drainOutbox } from '#server/lib/outbox-drain.ts'
import { sweepAvailableEarnings } from './earnings-sweep'
import { checkPushEndpoint, RefusedEndpoint } from './endpoint-guard'
import { type PushKind, type PushNotification, pushMessage } from './push-messages'
import { type PushTarget, type SendOptions, type SendOutcome, sendPush } from './push-sender'

const PUSH_CHANNEL = 'streamdeals_push'

// 30 s: a missed NOTIFY (a listener reconnecting) delays a notification by at most this.
const POLL_MS = 30_000
// 5 minutes: "your earnings are available" is not urgent, and one sweep sums a user's matured entries.
const EARNINGS_SWEEP_MS = 5 * 60_000
// 20 rows a claim: one pass stays short, and a backlog is shared among the nodes.
const CLAIM_BATCH = 20
// A claimed row is retried after 2 minutes if its node never finished it (crash, long outage).
const LEASE = '2 minutes'
// 5 attempts over ~10 minutes, then the notification is dropped: it is stale by then.
const MAX_ATTEMPTS = 5

export interface DispatcherOptions {
  database: OpenedDatabase
  send: SendOptions
  allowedOrigins: readonly string[]
  log: { warn(object: object, message: string): void }
  /** Replaces the network send (tests). */
  sender?: (target: PushTarget, payload: string, options: SendOptions) => Promise<SendOutcome>
}

export interface PushDispatcher {
  /** Runs a pass now (and another after it if woken meanwhile); resolves when the queue is idle. */
  wake(): Promise<void>
  close(): Promise<void>
}

interface ClaimedRow {
  id: string
  user_id: string
  kind: string
  payload: Record<string, unknown>
  attempts: number
}

export function startPushDispatcher(options: DispatcherOptions): PushDispatcher {
  const { db } = options.database
  const sender = options.sender ?? sendPush

  async function claim(): Promise<ClaimedRow[]> {
    const { rows } = await db.execute(sql`
      update ${pushOutbox} set attempts = attempts + 1, next_attempt_at = now() + interval '${sql.raw(LEASE)}'
      where id in (
        select id from ${pushOutbox}
        where sent_at is null and next_attempt_at <= now() and attempts < ${MAX_ATTEMPTS}
        order by created_at limit ${CLAIM_BATCH} for update skip locked
      )
      returning id, user_id, kind, payload, attempts`)
    return rows as unknown as ClaimedRow[]
  }

  async function deliver(row: ClaimedRow): Promise<void> {
    const notification = { kind: row.kind as PushKind, ...row.payload } as PushNotification
    // Only devices whose session is still alive: a revoked user's phone hears nothing.
    const devices = await db
      .select({ subscription: pushSubscriptions })
      .from(pushSubscriptions)
      .innerJoin(sessions, eq(sessions.id, pushSubscriptions.sessionId))
      .where(and(eq(pushSubscriptions.userId, row.user_id), isNull(sessions.revokedAt)))
    let retry = false
    for (const { subscription } of devices) {
      const locale = isSupportedLocale(subscription.locale) ? subscription.locale : 'en'
      let outcome: SendOutcome
      try {
        const endpoint = await checkPushEndpoint(subscription.endpoint, options.allowedOrigins)
        const target = { endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } }
        outcome = await sender(target, JSON.stringify(pushMessage(notification, locale)), options.send)
      } catch (error) {
        // A host that now resolves to an internal address is dropped like a subscription the service gave up.
        outcome = error instanceof RefusedEndpoint ? 'gone' : 'failed'
        if (outcome === 'failed') options.log.warn({ err: error }, 'push message could not be built')
      }
      if (outcome === 'gone') {
        await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, subscription.id))
      } else if (outcome === 'sent') {
        await db
          .update(pushSubscriptions)
          .set({ lastSentAt: new Date() })
          .where(eq(pushSubscriptions.id, subscription.id))
      } else {
        retry = true
      }
    }
    // A device that failed keeps the row for a retry (the lease is its back-off); the others then
    // hear it twice, which the tag folds into one notification on their screen.
    if (retry && row.attempts < MAX_ATTEMPTS) return
    await db.update(pushOutbox).set({ sentAt: new Date() }).where(eq(pushOutbox.id, row.id))
  }

  const drain = drainOutbox({
    database: options.database,
    channel: PUSH_CHANNEL,
    pollMs: POLL_MS,
    batch: CLAIM_BATCH,
    claim,
    send: (rows) => Promise.all(rows.map((row) => deliver(row))),
    onError: (error) => options.log.warn({ err: error }, 'push dispatch failed'),
  })
  // The sweep's inserts into the outbox wake the dispatchers through the outbox's NOTIFY.
  const sweep = () =>
    sweepAvailableEarnings(db).catch((error) => options.log.warn({ err: error }, 'earnings sweep failed'))
  const sweeps = setInterval(() => void sweep(), EARNINGS_SWEEP_MS)
  sweeps.unref()

  return {
    wake: drain.wake,
    async close() {
      clearInterval(sweeps)
      await drain.close()
    },
  }
}
