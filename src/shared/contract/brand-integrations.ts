/**
 * A brand's integrations: webhooks (its events posted to a URL it owns, signed with the hook's secret)
 * and API keys (its missions, results and deals read, or its missions paused and resumed, by a script).
 */
import { type } from 'arktype'
import { IsoDateTime, listOf, requiredText, Uuid } from './common'
import type { EndpointSchemas } from './endpoint-schema'

/** What a hook can subscribe to; `webhook.test` is only ever sent by the portal's test button. */
export const WEBHOOK_EVENT_TYPES = [
  'deal.clicks_settled',
  'deal.goal_reached',
  'deal.taken',
  'deal.stopped',
  'mission.budget_low',
  'mission.budget_exhausted',
  'top_up.succeeded',
  'top_up.refunded',
] as const
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number]

const WebhookEventTypeSchema = type.enumerated(...WEBHOOK_EVENT_TYPES)

/** 2,048 characters, like a push endpoint: the server then checks https and a public address. */
const URL_MAX = 2048
const KEY_NAME_MAX = 60

export const BrandWebhook = type({
  id: Uuid,
  url: 'string',
  events: WebhookEventTypeSchema.array(),
  /** False once 20 deliveries in a row failed (or the owner switched it off): nothing is sent. */
  enabled: 'boolean',
  consecutiveFailures: 'number.integer >= 0',
  disabledAt: IsoDateTime.or('null'),
  createdAt: IsoDateTime,
})
export type BrandWebhook = typeof BrandWebhook.infer

/** The answer of a creation: the hook and its signing secret, shown this once. */
const BrandWebhookCreated = BrandWebhook.merge({ secret: 'string' })
export type BrandWebhookCreated = typeof BrandWebhookCreated.infer

export const BrandWebhookBody = type({
  '+': 'reject',
  url: requiredText(URL_MAX),
  events: WebhookEventTypeSchema.array().atLeastLength(1),
})
export type BrandWebhookBody = typeof BrandWebhookBody.infer

/** An edit; `enabled: true` re-enables a hook the failures disabled (its failure count starts again). */
const BrandWebhookUpdateBody = BrandWebhookBody.merge({
  enabled: 'boolean',
})
export type BrandWebhookUpdateBody = typeof BrandWebhookUpdateBody.infer

/** One event's delivery to one hook, with its last attempt's answer: the delivery log. */
export const BrandWebhookDelivery = type({
  id: Uuid,
  eventId: 'string',
  type: 'string',
  status: "'pending' | 'delivered' | 'failed'",
  attempts: 'number.integer >= 0',
  /** The receiver's HTTP status on the last attempt; null when it did not answer (timeout, refused). */
  responseStatus: 'number.integer | null',
  durationMs: 'number.integer | null',
  error: 'string | null',
  createdAt: IsoDateTime,
  finishedAt: IsoDateTime.or('null'),
})
export type BrandWebhookDelivery = typeof BrandWebhookDelivery.infer

export const ApiKeyScope = type("'read' | 'write'")
export type ApiKeyScope = typeof ApiKeyScope.infer

export const BrandApiKey = type({
  id: Uuid,
  name: 'string',
  /** The key's first characters (`sdk_live_ab12`), to tell keys apart; the rest is never shown again. */
  prefix: 'string',
  scope: ApiKeyScope,
  createdAt: IsoDateTime,
  /** Updated at most once a minute per key. */
  lastUsedAt: IsoDateTime.or('null'),
  revokedAt: IsoDateTime.or('null'),
})
export type BrandApiKey = typeof BrandApiKey.infer

const BrandApiKeyCreated = BrandApiKey.merge({ key: 'string' })
export type BrandApiKeyCreated = typeof BrandApiKeyCreated.infer

export const BrandApiKeyBody = type({
  '+': 'reject',
  name: requiredText(KEY_NAME_MAX),
  scope: ApiKeyScope,
})
export type BrandApiKeyBody = typeof BrandApiKeyBody.infer

/** What a webhook delivery's body is: the same envelope for every event type. */
export const WebhookEnvelope = type({
  /** Stable across the retries of one delivery: a receiver drops an id it already handled. */
  id: 'string',
  type: WebhookEventTypeSchema.or("'webhook.test'"),
  /** Seconds since the epoch, when the event happened. */
  created: 'number.integer',
  data: 'Record<string, unknown>',
})
export type WebhookEnvelope = typeof WebhookEnvelope.infer

export const brandIntegrationEndpoints = {
  brandWebhooks: {
    summary: 'The brand’s webhooks (members read them)',
    response: listOf(BrandWebhook),
  },
  brandWebhookCreate: {
    summary:
      'An owner adds a webhook (https, public address); the answer carries its signing secret, shown only this once',
    body: BrandWebhookBody,
    response: BrandWebhookCreated,
    status: 201,
  },
  brandWebhookUpdate: {
    summary: 'An owner edits a webhook, or re-enables one that failures disabled',
    body: BrandWebhookUpdateBody,
    response: BrandWebhook,
  },
  brandWebhookDelete: {
    summary: 'An owner removes a webhook',
    response: null,
    status: 204,
  },
  brandWebhookDeliveries: {
    summary: 'The webhook’s last 20 deliveries, newest first, with the receiver’s status and duration',
    response: listOf(BrandWebhookDelivery),
  },
  brandWebhookTest: {
    summary: 'An owner queues a `webhook.test` event to the webhook',
    response: BrandWebhookDelivery,
    status: 202,
  },
  brandApiKeys: {
    summary: 'The brand’s API keys, without their secrets',
    response: listOf(BrandApiKey),
  },
  brandApiKeyCreate: {
    summary: 'An owner creates an API key (read or write); the answer carries the key, shown only this once',
    body: BrandApiKeyBody,
    response: BrandApiKeyCreated,
    status: 201,
  },
  brandApiKeyRevoke: {
    summary: 'An owner revokes an API key: refused at once on every request after',
    response: BrandApiKey,
  },
} as const satisfies Record<string, EndpointSchemas>
