/**
 * A brand's webhooks and their deliveries: the hooks an owner manages, the events queued for them (one
 * delivery row per hook subscribed, so a restart loses nothing), and the delivery log the portal shows.
 */
import { randomBytes } from 'node:crypto'
import { and, arrayContains, desc, eq, sql } from 'drizzle-orm'
import type { Executor } from '#server/db/client.ts'
import {
  type BrandWebhookDeliveryRow,
  type BrandWebhookRow,
  brandWebhookDeliveries,
  brandWebhooks,
} from '#server/db/schema-integrators.ts'
import { notFound } from '#server/http/api-error.ts'
import type {
  BrandWebhook,
  BrandWebhookDelivery,
  WebhookEnvelope,
  WebhookEventType,
} from '#shared/contract/brand-integrations.ts'

/** The delivery log's length in the portal. */
const DELIVERY_LOG_LENGTH = 20

export const webhookView = (row: BrandWebhookRow): BrandWebhook => ({
  id: row.id,
  url: row.url,
  events: row.events as WebhookEventType[],
  enabled: row.enabled,
  consecutiveFailures: row.consecutiveFailures,
  disabledAt: row.disabledAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
})

export const deliveryView = (row: BrandWebhookDeliveryRow): BrandWebhookDelivery => ({
  id: row.id,
  eventId: row.eventId,
  type: row.type,
  status: row.status,
  attempts: row.attempts,
  responseStatus: row.responseStatus,
  durationMs: row.durationMs,
  error: row.error,
  createdAt: row.createdAt.toISOString(),
  finishedAt: row.finishedAt?.toISOString() ?? null,
})

export async function listWebhooks(db: Executor, providerId: string): Promise<BrandWebhookRow[]> {
  return db
    .select()
    .from(brandWebhooks)
    .where(eq(brandWebhooks.providerId, providerId))
    .orderBy(desc(brandWebhooks.createdAt), desc(brandWebhooks.id))
}

/** The brand's hook, or 404: an id of another brand's hook is not found, whatever it is. */
export async function findWebhook(db: Executor, providerId: string, id: string): Promise<BrandWebhookRow> {
  const [row] = /^[0-9a-f-]{36}$/i.test(id)
    ? await db
        .select()
        .from(brandWebhooks)
        .where(and(eq(brandWebhooks.providerId, providerId), eq(brandWebhooks.id, id)))
    : []
  if (!row) throw notFound('This webhook does not exist')
  return row
}

/** 32 random bytes: the signing secret, `whsec_` first so it is recognised (and found) in a leak. */
const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64url')}`

// A second: a raid's settled batches ask this for every deal they touch; a hook created or edited on
// this node is heard at once, on another node within the second. It only spares work: queueEvent reads
// the enabled hooks themselves.
const SUBSCRIPTIONS_FRESH_MS = 1000
const subscriptions = new Map<string, { at: number; types: Promise<Set<WebhookEventType>> }>()

export async function createWebhook(
  db: Executor,
  hook: {
    providerId: string
    url: string
    events: WebhookEventType[]
    createdBy: string | null
  },
): Promise<BrandWebhookRow> {
  const [row] = await db
    .insert(brandWebhooks)
    .values({ ...hook, secret: newWebhookSecret() })
    .returning()
  if (!row) throw new Error('webhook insert returned no row')
  subscriptions.delete(hook.providerId)
  return row
}

/** An edit; switching a disabled hook back on starts its failure count again. */
export async function updateWebhook(
  db: Executor,
  current: BrandWebhookRow,
  change: { url: string; events: WebhookEventType[]; enabled: boolean },
): Promise<BrandWebhookRow> {
  const reenabled = change.enabled && !current.enabled
  const [row] = await db
    .update(brandWebhooks)
    .set({
      url: change.url,
      events: change.events,
      enabled: change.enabled,
      ...(reenabled ? { consecutiveFailures: 0, disabledAt: null } : {}),
    })
    .where(eq(brandWebhooks.id, current.id))
    .returning()
  if (!row) throw notFound('This webhook does not exist')
  subscriptions.delete(current.providerId)
  return row
}

export async function deleteWebhook(db: Executor, id: string): Promise<void> {
  const [row] = await db
    .delete(brandWebhooks)
    .where(eq(brandWebhooks.id, id))
    .returning({ providerId: brandWebhooks.providerId })
  if (row) subscriptions.delete(row.providerId)
}

export async function listDeliveries(db: Executor, webhookId: string): Promise<BrandWebhookDeliveryRow[]> {
  return db
    .select()
    .from(brandWebhookDeliveries)
    .where(eq(brandWebhookDeliveries.webhookId, webhookId))
    .orderBy(desc(brandWebhookDeliveries.createdAt), desc(brandWebhookDeliveries.id))
    .limit(DELIVERY_LOG_LENGTH)
}

/** The envelope every delivery carries: its id is the event's, the same in every hook and retry. */
function envelope(type: WebhookEnvelope['type'], data: Record<string, unknown>): WebhookEnvelope {
  return {
    id: `evt_${randomBytes(12).toString('hex')}`,
    type,
    created: Math.floor(Date.now() / 1000),
    data,
  }
}

/** The event types a provider's enabled hooks listen to: one read a second, so a brand without hooks costs next to nothing. */
export function subscribedEventTypes(db: Executor, providerId: string): Promise<Set<WebhookEventType>> {
  const known = subscriptions.get(providerId)
  if (known && Date.now() - known.at < SUBSCRIPTIONS_FRESH_MS) return known.types
  const types = db
    .select({ events: brandWebhooks.events })
    .from(brandWebhooks)
    .where(and(eq(brandWebhooks.providerId, providerId), eq(brandWebhooks.enabled, true)))
    .then((hooks) => new Set(hooks.flatMap((hook) => hook.events as WebhookEventType[])))
  subscriptions.set(providerId, { at: Date.now(), types })
  types.catch(() => subscriptions.delete(providerId))
  if (subscriptions.size > 10_000) subscriptions.clear()
  return types
}

/** Queues an event for every enabled hook of the brand subscribed to its type; answers how many. */
export async function queueEvent(
  db: Executor,
  providerId: string,
  type: WebhookEventType,
  data: Record<string, unknown>,
): Promise<number> {
  const hooks = await db
    .select({ id: brandWebhooks.id })
    .from(brandWebhooks)
    .where(
      and(
        eq(brandWebhooks.providerId, providerId),
        eq(brandWebhooks.enabled, true),
        arrayContains(brandWebhooks.events, [type]),
      ),
    )
  if (hooks.length === 0) return 0
  const event = envelope(type, data)
  const body = JSON.stringify(event)
  await db.insert(brandWebhookDeliveries).values(
    hooks.map((hook) => ({
      webhookId: hook.id,
      eventId: event.id,
      type,
      body,
    })),
  )
  return hooks.length
}

/** The portal's test button: one `webhook.test` delivery, whatever the hook subscribes to. */
export async function queueTestEvent(db: Executor, hook: BrandWebhookRow): Promise<BrandWebhookDeliveryRow> {
  const event = envelope('webhook.test', {
    webhook: { id: hook.id, url: hook.url },
  })
  const [row] = await db
    .insert(brandWebhookDeliveries)
    .values({
      webhookId: hook.id,
      eventId: event.id,
      type: event.type,
      body: JSON.stringify(event),
    })
    .returning()
  if (!row) throw new Error('delivery insert returned no row')
  return row
}

/** Due deliveries of enabled hooks, claimed for a lease: another node skips them (SKIP LOCKED). */
export async function claimDeliveries(db: Executor, batch: number, leaseSeconds: number) {
  const { rows } = await db.execute(sql`
    update ${brandWebhookDeliveries} d
    set next_attempt_at = now() + make_interval(secs => ${leaseSeconds})
    from ${brandWebhooks} h
    where d.webhook_id = h.id and d.id in (
      select dd.id from ${brandWebhookDeliveries} dd
      join ${brandWebhooks} hh on hh.id = dd.webhook_id
      where dd.status = 'pending' and dd.next_attempt_at <= now() and hh.enabled
      order by dd.created_at, dd.id limit ${batch}
      for update of dd skip locked
    )
    returning d.id, d.webhook_id, d.body, d.attempts, d.created_at, h.url, h.secret, h.provider_id`)
  return rows as unknown as ClaimedDelivery[]
}

export interface ClaimedDelivery {
  id: string
  webhook_id: string
  body: string
  attempts: number
  created_at: string | Date
  url: string
  secret: string
  provider_id: string
}
