/**
 * Sends the brands' webhook deliveries. Every node runs one: it claims due deliveries with FOR UPDATE
 * SKIP LOCKED and moves their next attempt a lease ahead in the same statement, so two nodes never
 * send the same one and a node that dies mid-send leaves it to the next after the lease. A failed
 * attempt waits the configured schedule's next step (exponential by default); a hook failing
 * FAILURES_MAILED times in a row mails its owners, FAILURES_DISABLING times switches it off.
 * Woken at once by the deliveries' NOTIFY (migration 0017) and by a slow poll.
 */
import { and, eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { providers } from '#server/db/schema.ts'
import { brandWebhookDeliveries, brandWebhooks } from '#server/db/schema-integrators.ts'
import { checkPublicEndpoint, RefusedEndpoint } from '#server/features/push/push-service.ts'
import { drainOutbox, type OutboxDrain } from '#server/lib/outbox-drain.ts'
import { ownerRecipients } from './owner-recipients-service'
import { sendWebhookTroubleMail, type WebhookTrouble } from './webhook-mails'
import { type SendResult, sendWebhook } from './webhook-sender'
import { type ClaimedDelivery, claimDeliveries } from './webhooks-repository'

const WEBHOOK_CHANNEL = 'streamdeals_webhooks'
const FAILURES_MAILED = 5
const FAILURES_DISABLING = 20

// 10 s: a missed NOTIFY or a retry falling due waits at most this (the schedule's steps are minutes).
const POLL_MS = 10_000
const CLAIM_BATCH = 20
// Longer than any attempt (the timeout is seconds): a claimed row is retried if its node vanished.
const LEASE_SECONDS = 120

export type WebhookDispatcher = OutboxDrain

export function startWebhookDispatcher(app: FastifyInstance): WebhookDispatcher {
  const { db } = app
  const { retryScheduleMs, timeoutMs, allowedOrigins } = app.config.webhooks

  async function mailOwners(row: ClaimedDelivery, what: WebhookTrouble, failures: number) {
    const [brand] = await db
      .select({ name: providers.name, slug: providers.slug })
      .from(providers)
      .where(eq(providers.id, row.provider_id))
    if (!brand) return
    const link = new URL(`/dashboard/provider/${brand.slug}#integrations`, app.config.publicUrl).href
    for (const owner of await ownerRecipients(db, row.provider_id))
      await sendWebhookTroubleMail(app.mailer, owner, {
        what,
        brand: brand.name,
        url: row.url,
        failures,
        link,
      })
  }

  /** Records an attempt; answers false when the hook is now off (its other rows wait for re-enabling). */
  async function record(row: ClaimedDelivery, result: SendResult): Promise<boolean> {
    const attempts = row.attempts + 1
    const wait = retryScheduleMs[attempts - 1]
    const done = result.ok || wait === undefined
    await db
      .update(brandWebhookDeliveries)
      .set({
        attempts,
        status: result.ok ? 'delivered' : done ? 'failed' : 'pending',
        responseStatus: result.status,
        durationMs: result.durationMs,
        error: result.error,
        finishedAt: done ? new Date() : null,
        nextAttemptAt: done ? sql`now()` : sql`now() + make_interval(secs => ${(wait ?? 0) / 1000})`,
      })
      .where(eq(brandWebhookDeliveries.id, row.id))
    if (result.ok) {
      await db
        .update(brandWebhooks)
        .set({ consecutiveFailures: 0 })
        .where(eq(brandWebhooks.id, row.webhook_id))
      return true
    }
    const [hook] = await db
      .update(brandWebhooks)
      .set({
        consecutiveFailures: sql`${brandWebhooks.consecutiveFailures} + 1`,
      })
      .where(eq(brandWebhooks.id, row.webhook_id))
      .returning({ failures: brandWebhooks.consecutiveFailures })
    const failures = hook?.failures ?? 0
    if (failures === FAILURES_MAILED) await mailOwners(row, 'failing', failures).catch(warnMail)
    if (failures < FAILURES_DISABLING) return true
    // Only the statement that switches it off mails: a second node's failure finds it off already.
    const [switched] = await db
      .update(brandWebhooks)
      .set({ enabled: false, disabledAt: new Date() })
      .where(and(eq(brandWebhooks.id, row.webhook_id), eq(brandWebhooks.enabled, true)))
      .returning({ id: brandWebhooks.id })
    if (switched) await mailOwners(row, 'disabled', failures).catch(warnMail)
    return false
  }

  const warnMail = (error: unknown) => app.log.warn({ err: error }, 'a webhook trouble mail failed')

  async function attempt(row: ClaimedDelivery): Promise<SendResult> {
    try {
      const endpoint = await checkPublicEndpoint(row.url, allowedOrigins)
      return await sendWebhook(endpoint, { id: row.id, body: row.body, secret: row.secret }, timeoutMs)
    } catch (error) {
      // A host that now resolves to an internal address fails like a receiver that does not answer.
      const why = error instanceof RefusedEndpoint ? error.message : 'the delivery could not be sent'
      return { ok: false, status: null, durationMs: 0, error: why }
    }
  }

  /** One hook's rows in order, one at a time: a receiver sees its events in the order they happened. */
  async function deliverInOrder(rows: ClaimedDelivery[], closing: () => boolean): Promise<void> {
    for (const [index, row] of rows.entries()) {
      const closed = closing()
      if (closed || !(await record(row, await attempt(row)))) {
        // Not sent: due again at once (for a hook switched back on, or the next node after a restart).
        const rest = rows.slice(closed ? index : index + 1).map((left) => left.id)
        for (const id of rest)
          await db
            .update(brandWebhookDeliveries)
            .set({ nextAttemptAt: sql`now()` })
            .where(eq(brandWebhookDeliveries.id, id))
        return
      }
    }
  }

  // The shortest retry step decides how soon a due retry must be noticed.
  const pollMs = Math.max(5, Math.min(POLL_MS, ...retryScheduleMs.map((ms) => ms / 2)))
  return drainOutbox({
    database: app.database,
    channel: WEBHOOK_CHANNEL,
    pollMs,
    batch: CLAIM_BATCH,
    claim: () => claimDeliveries(db, CLAIM_BATCH, LEASE_SECONDS),
    // One hook's deliveries go out in order; different hooks' at the same time.
    send: (rows, closing) => {
      const byHook = new Map<string, ClaimedDelivery[]>()
      for (const row of rows) byHook.set(row.webhook_id, [...(byHook.get(row.webhook_id) ?? []), row])
      return Promise.all([...byHook.values()].map((hookRows) => deliverInOrder(hookRows, closing)))
    },
    onError: (error) => app.log.warn({ err: error }, 'webhook dispatch failed'),
  })
}
