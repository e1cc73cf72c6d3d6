/**
 * The tables of a brand's integrations (migration 0017): its webhooks, their durable deliveries, and
 * its API keys. Kept beside schema.ts (which re-exports them) so the brand's integrations read as one.
 */
import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core'
import { providers, users } from './schema'

const moment = (name: string) => timestamp(name, { withTimezone: true })
const createdAt = () => moment('created_at').notNull().defaultNow()

export const webhookDeliveryStatuses = ['pending', 'delivered', 'failed'] as const
export const apiKeyScopes = ['read', 'write'] as const

export const brandWebhooks = pgTable(
  'brand_webhooks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => providers.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    /** Kept as is: every delivery is signed with it (see the migration). */
    secret: text('secret').notNull(),
    events: text('events').array().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    disabledAt: moment('disabled_at'),
    createdBy: uuid('created_by').references(() => users.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
  },
  (t) => [
    index('brand_webhooks_provider_idx').on(t.providerId),
    check('brand_webhooks_failures_check', sql`${t.consecutiveFailures} >= 0`),
  ],
)
export type BrandWebhookRow = typeof brandWebhooks.$inferSelect

export const brandWebhookDeliveries = pgTable(
  'brand_webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    webhookId: uuid('webhook_id')
      .notNull()
      .references(() => brandWebhooks.id, { onDelete: 'cascade' }),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    /** The JSON text sent, byte for byte: every retry signs and sends the same body. */
    body: text('body').notNull(),
    status: text('status', { enum: webhookDeliveryStatuses }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: moment('next_attempt_at').notNull().defaultNow(),
    responseStatus: integer('response_status'),
    durationMs: integer('duration_ms'),
    error: text('error'),
    createdAt: createdAt(),
    finishedAt: moment('finished_at'),
  },
  (t) => [
    index('brand_webhook_deliveries_due_idx').on(t.nextAttemptAt).where(sql`"status" = 'pending'`),
    index('brand_webhook_deliveries_hook_idx').on(t.webhookId, t.createdAt),
    check('brand_webhook_deliveries_status_check', sql`${t.status} in ('pending', 'delivered', 'failed')`),
  ],
)
export type BrandWebhookDeliveryRow = typeof brandWebhookDeliveries.$inferSelect

export const brandApiKeys = pgTable(
  'brand_api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => providers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The key's first characters, shown in lists so an owner can tell keys apart. */
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull(),
    scope: text('scope', { enum: apiKeyScopes }).notNull(),
    createdBy: uuid('created_by').references(() => users.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
    lastUsedAt: moment('last_used_at'),
    revokedAt: moment('revoked_at'),
  },
  (t) => [
    unique('brand_api_keys_key_hash_unique').on(t.keyHash),
    index('brand_api_keys_provider_idx').on(t.providerId),
    check('brand_api_keys_scope_check', sql`${t.scope} in ('read', 'write')`),
  ],
)
export type BrandApiKeyRow = typeof brandApiKeys.$inferSelect
