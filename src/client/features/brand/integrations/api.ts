import { queryOptions } from '@tanstack/react-query'
import { api } from '#client/lib/http.ts'
import type { ApiKeyScope, WebhookEventType } from '#shared/contract/brand-integrations.ts'
import { brandQueries } from '../queries'

/**
 * A brand's integrations: its webhooks, their delivery logs and its API keys, under the brand's
 * key (so leaving the brand forgets them with the rest). Loaded with the Integrations page only.
 */
export const integrationQueries = {
  of: (slug: string) => [...brandQueries.of(slug), 'integrations'] as const,
  webhooks: (slug: string) =>
    queryOptions({
      queryKey: [...integrationQueries.of(slug), 'webhooks'] as const,
      queryFn: ({ signal }) => api('brandWebhooks', { params: { slug }, signal }),
    }),
  deliveries: (slug: string, hookId: string) =>
    queryOptions({
      queryKey: [...integrationQueries.of(slug), 'deliveries', hookId] as const,
      queryFn: ({ signal }) => api('brandWebhookDeliveries', { params: { slug, hookId }, signal }),
    }),
  apiKeys: (slug: string) =>
    queryOptions({
      queryKey: [...integrationQueries.of(slug), 'api-keys'] as const,
      queryFn: ({ signal }) => api('brandApiKeys', { params: { slug }, signal }),
    }),
}

export const createWebhook = (slug: string, body: { url: string; events: WebhookEventType[] }) =>
  api('brandWebhookCreate', { params: { slug }, body })

export const updateWebhook = (
  slug: string,
  hookId: string,
  body: { url: string; events: WebhookEventType[]; enabled: boolean },
) => api('brandWebhookUpdate', { params: { slug, hookId }, body })

export const deleteWebhook = (slug: string, hookId: string) =>
  api('brandWebhookDelete', { params: { slug, hookId } })

export const sendTestEvent = (slug: string, hookId: string) =>
  api('brandWebhookTest', { params: { slug, hookId } })

export const createApiKey = (slug: string, body: { name: string; scope: ApiKeyScope }) =>
  api('brandApiKeyCreate', { params: { slug }, body })

export const revokeApiKey = (slug: string, keyId: string) =>
  api('brandApiKeyRevoke', { params: { slug, keyId } })
