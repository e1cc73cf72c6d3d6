/**
 * A brand's integrations in the portal: its webhooks (members read them and their delivery log; owners
 * add, edit, test and remove them) and its API keys (owners create and revoke them). Secrets are
 * answered once, at creation.
 */
import type { FastifyInstance } from 'fastify'
import { checkPublicEndpoint, RefusedEndpoint } from '#server/features/push/push-service.ts'
import { isAdmin, type ProviderAccess } from '#server/http/access-rules.ts'
import { conflict, fieldInvalid } from '#server/http/api-error.ts'
import { type AuthenticatedSession, registerRoute } from '#server/http/register-endpoint.ts'
import type { RateRule } from '#server/plugins/rate-limit.ts'
import { apiKeyView, createApiKey, listApiKeys, revokeApiKey } from './api-keys-repository'
import { providerOf, requireOwner } from './brand-provider-routes'
import {
  createWebhook,
  deleteWebhook,
  deliveryView,
  findWebhook,
  listDeliveries,
  listWebhooks,
  queueTestEvent,
  updateWebhook,
  webhookView,
} from './webhooks-repository'

const HOUR_MS = 60 * 60 * 1000
/** Hooks and keys are set up once; thirty creations or test events an hour per brand is plenty. */
const integrationLimit: RateRule = {
  name: 'brand:integration',
  max: 30,
  windowMs: HOUR_MS,
}
/** Enough receivers for a brand's tools; more would mostly multiply every event's deliveries. */
const MAX_WEBHOOKS = 10
const MAX_LIVE_KEYS = 20

export async function integrationRoutes(app: FastifyInstance) {
  const owner = (access: ProviderAccess | null, session: AuthenticatedSession | null) => {
    const provider = providerOf(access)
    requireOwner(provider, session !== null && isAdmin(session.user))
    return provider
  }
  const checkUrl = async (url: string) => {
    try {
      await checkPublicEndpoint(url, app.config.webhooks.allowedOrigins)
    } catch (error) {
      if (error instanceof RefusedEndpoint) throw fieldInvalid('url', 'webhook.url_refused')
      throw error
    }
  }

  registerRoute(app, 'brandWebhooks', async ({ provider }) => {
    const items = (await listWebhooks(app.db, providerOf(provider).providerId)).map(webhookView)
    return { items, total: items.length }
  })

  registerRoute(app, 'brandWebhookCreate', async ({ provider: access, session, body }) => {
    const provider = owner(access, session)
    await checkUrl(body.url)
    if ((await listWebhooks(app.db, provider.providerId)).length >= MAX_WEBHOOKS)
      throw conflict('This brand has as many webhooks as it may', {
        errors: ['webhook.too_many'],
      })
    await app.rateLimiter.consume(integrationLimit, provider.providerId)
    const row = await createWebhook(app.db, {
      providerId: provider.providerId,
      url: body.url,
      events: [...new Set(body.events)],
      createdBy: session?.user.id ?? null,
    })
    return { ...webhookView(row), secret: row.secret }
  })

  registerRoute(app, 'brandWebhookUpdate', async ({ provider: access, session, params, body }) => {
    const provider = owner(access, session)
    const current = await findWebhook(app.db, provider.providerId, params.hookId)
    await checkUrl(body.url)
    const row = await updateWebhook(app.db, current, {
      ...body,
      events: [...new Set(body.events)],
    })
    // Switched back on: what waited for it goes now.
    if (row.enabled && !current.enabled) void app.webhookDispatcher.wake()
    return webhookView(row)
  })

  registerRoute(app, 'brandWebhookDelete', async ({ provider: access, session, params }) => {
    const provider = owner(access, session)
    const current = await findWebhook(app.db, provider.providerId, params.hookId)
    await deleteWebhook(app.db, current.id)
    return undefined
  })

  registerRoute(app, 'brandWebhookDeliveries', async ({ provider, params }) => {
    const hook = await findWebhook(app.db, providerOf(provider).providerId, params.hookId)
    const items = (await listDeliveries(app.db, hook.id)).map(deliveryView)
    return { items, total: items.length }
  })

  registerRoute(app, 'brandWebhookTest', async ({ provider: access, session, params }) => {
    const provider = owner(access, session)
    const hook = await findWebhook(app.db, provider.providerId, params.hookId)
    await app.rateLimiter.consume(integrationLimit, provider.providerId)
    const row = await queueTestEvent(app.db, hook)
    void app.webhookDispatcher.wake()
    return deliveryView(row)
  })

  registerRoute(app, 'brandApiKeys', async ({ provider }) => {
    const items = (await listApiKeys(app.db, providerOf(provider).providerId)).map(apiKeyView)
    return { items, total: items.length }
  })

  registerRoute(app, 'brandApiKeyCreate', async ({ provider: access, session, body }) => {
    const provider = owner(access, session)
    const live = (await listApiKeys(app.db, provider.providerId)).filter((key) => key.revokedAt === null)
    if (live.length >= MAX_LIVE_KEYS)
      throw conflict('This brand has as many live API keys as it may', {
        errors: ['api_key.too_many'],
      })
    await app.rateLimiter.consume(integrationLimit, provider.providerId)
    const { row, secret } = await createApiKey(app.db, {
      providerId: provider.providerId,
      name: body.name,
      scope: body.scope,
      createdBy: session?.user.id ?? null,
    })
    return { ...apiKeyView(row), key: secret }
  })

  registerRoute(app, 'brandApiKeyRevoke', async ({ provider: access, session, params }) => {
    const provider = owner(access, session)
    return apiKeyView(await revokeApiKey(app.db, provider.providerId, params.keyId))
  })
}
