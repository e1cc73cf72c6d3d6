/**
 * What the OpenAPI document says about the brand integrations: the API key scheme (the brand API's
 * operations accept it beside a session) and the `webhooks` section (OpenAPI 3.1), one entry per event
 * a brand's webhook can subscribe to, with its signature header.
 */

import { apiKeyEndpoints } from '#shared/api-key-endpoints.ts'
import { WEBHOOK_EVENT_TYPES, WebhookEnvelope } from '#shared/contract/brand-integrations.ts'
import type { EndpointName } from '#shared/endpoints.ts'
import { type JsonSchema, toJsonSchema } from './openapi-schemas'

export const apiKeyScheme = {
  type: 'http',
  scheme: 'bearer',
  bearerFormat: 'sdk_live_…',
  description:
    'A brand API key, made by an owner in the brand portal (Integrations). Read keys call the GET operations ' +
    'of the brand API, write keys also its writes (403 otherwise); a key reaches only its own brand.',
}

/** The brand API's operations take a session or an API key; the others keep the document's default. */
export const securityOf = (name: EndpointName) =>
  apiKeyEndpoints.has(name) ? { security: [{ bearer: [] }, { apiKey: [] }] } : {}

const WHAT: Record<(typeof WEBHOOK_EVENT_TYPES)[number], string> = {
  'deal.clicks_settled':
    'A batch of clicks on a deal was settled: `data.clicks` valid clicks, `data.amountCents` credited',
  'deal.goal_reached': 'A deal reached its mission’s goal',
  'deal.taken': 'A streamer took a mission of the brand',
  'deal.stopped': 'A deal was stopped',
  'mission.budget_low': 'A mission has 20 % or less of its budget left (`data.thresholdPercent`)',
  'mission.budget_exhausted': 'A mission’s budget cannot pay one more reward',
  'top_up.succeeded': 'A top-up of a mission’s budget was credited',
  'top_up.refunded': 'A credited card top-up was refunded (its amount left the budget)',
}

const signatureHeader = {
  'Streamdeals-Signature': {
    required: true,
    description:
      '`t=<unix seconds>,v1=<hex>`: HMAC-SHA256 of `<t>.<raw body>` with the hook’s signing secret. ' +
      'Compare in constant time and refuse a `t` older than 5 minutes.',
    schema: { type: 'string' },
  },
  'Streamdeals-Delivery': {
    required: true,
    description: 'The delivery’s id, the same on each retry',
    schema: { type: 'string' },
  },
}

export function webhooksSection(): Record<string, JsonSchema> {
  const envelope = toJsonSchema(WebhookEnvelope, 'out')
  return Object.fromEntries(
    WEBHOOK_EVENT_TYPES.map((type) => [
      type,
      {
        post: {
          operationId: `webhook_${type.replace('.', '_')}`,
          summary: WHAT[type],
          description:
            'Posted to the brand’s webhook URL; answer 2xx within 5 seconds. Other answers are retried with ' +
            'growing waits for about three days; 20 failures in a row switch the webhook off.',
          parameters: Object.entries(signatureHeader).map(([name, header]) => ({
            name,
            in: 'header',
            ...header,
          })),
          requestBody: { required: true, content: { 'application/json': { schema: envelope } } },
          responses: { '200': { description: 'Received (any 2xx)' } },
        },
      },
    ]),
  )
}
