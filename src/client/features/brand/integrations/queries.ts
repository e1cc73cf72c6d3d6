import { queryOptions } from '@tanstack/react-query'
import { fetchApiKeys, fetchWebhookDeliveries, fetchWebhooks } from '../api'
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
      queryFn: ({ signal }) => fetchWebhooks(slug, signal),
    }),
  deliveries: (slug: string, hookId: string) =>
    queryOptions({
      queryKey: [...integrationQueries.of(slug), 'deliveries', hookId] as const,
      queryFn: ({ signal }) => fetchWebhookDeliveries(slug, hookId, signal),
    }),
  apiKeys: (slug: string) =>
    queryOptions({
      queryKey: [...integrationQueries.of(slug), 'api-keys'] as const,
      queryFn: ({ signal }) => fetchApiKeys(slug, signal),
    }),
}

export {
  createApiKey,
  createWebhook,
  deleteWebhook,
  revokeApiKey,
  sendTestEvent,
  updateWebhook,
} from '../api'
