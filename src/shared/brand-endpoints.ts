import type { EndpointDefinition } from './endpoint-rows'

/**
 * The brand portal's rows of the endpoint table (and the Stripe callback the server alone serves):
 * apart from endpoint-rows.ts so the client's first route, which streamers and viewers load, never
 * carries them; the brand feature's api.ts adds them to the client when a brand page loads.
 */
const brand = '/api/providers/{slug}'
const brandMission = `${brand}/missions/{code}`

export const brandEndpoints = {
  // Brand portal: a provider's members run its profile, missions, results and budget.
  brandProviders: { method: 'GET', path: '/api/providers', access: 'session' },
  brandProviderApply: { method: 'POST', path: '/api/providers', access: 'session' },
  brandProvider: { method: 'GET', path: brand, access: 'member' },
  brandProviderUpdate: { method: 'PUT', path: brand, access: 'member' },
  brandMembers: { method: 'GET', path: `${brand}/members`, access: 'member' },
  brandMissions: { method: 'GET', path: `${brand}/missions`, access: 'member' },
  brandMissionCreate: { method: 'POST', path: `${brand}/missions`, access: 'member' },
  brandMissionUpdate: { method: 'PUT', path: brandMission, access: 'member' },
  brandMissionState: { method: 'PUT', path: `${brandMission}/state`, access: 'member' },
  brandMissionResults: { method: 'GET', path: `${brandMission}/results`, access: 'member' },
  brandMissionResultsExport: { method: 'GET', path: `${brandMission}/results/export`, access: 'member' },
  brandDealReview: { method: 'POST', path: `${brandMission}/deals/{dealCode}/review`, access: 'member' },
  brandTopUpCreate: { method: 'POST', path: `${brandMission}/top-ups`, access: 'member' },
  brandTopUps: { method: 'GET', path: `${brandMission}/top-ups`, access: 'member' },
  brandWebhooks: { method: 'GET', path: `${brand}/webhooks`, access: 'member' },
  brandWebhookCreate: { method: 'POST', path: `${brand}/webhooks`, access: 'member' },
  brandWebhookUpdate: { method: 'PUT', path: `${brand}/webhooks/{hookId}`, access: 'member' },
  brandWebhookDelete: { method: 'DELETE', path: `${brand}/webhooks/{hookId}`, access: 'member' },
  brandWebhookDeliveries: { method: 'GET', path: `${brand}/webhooks/{hookId}/deliveries`, access: 'member' },
  brandWebhookTest: { method: 'POST', path: `${brand}/webhooks/{hookId}/test`, access: 'member' },
  brandApiKeys: { method: 'GET', path: `${brand}/api-keys`, access: 'member' },
  brandApiKeyCreate: { method: 'POST', path: `${brand}/api-keys`, access: 'member' },
  brandApiKeyRevoke: { method: 'DELETE', path: `${brand}/api-keys/{keyId}`, access: 'member' },
  brandInvitationRedeem: { method: 'POST', path: '/api/provider-invitations/redemption', access: 'session' },
  // Owner-only within the provider (checked by the route): members read the lists, owners change them.
  brandMemberInvite: { method: 'POST', path: `${brand}/members`, access: 'member' },
  brandInvitations: { method: 'GET', path: `${brand}/invitations`, access: 'member' },
  brandMemberRemove: { method: 'DELETE', path: `${brand}/members/{userId}`, access: 'member' },
  brandTopUpRequestCreate: { method: 'POST', path: `${brandMission}/top-up-requests`, access: 'member' },
  brandTopUpRequests: { method: 'GET', path: `${brandMission}/top-up-requests`, access: 'member' },
  brandOverview: { method: 'GET', path: `${brand}/overview`, access: 'member' },
  brandOverviewExport: { method: 'GET', path: `${brand}/overview/export`, access: 'member' },
  // Called by Stripe, which signs its events (Stripe-Signature): the signature is the access check.
  stripeWebhook: { method: 'POST', path: '/api/payments/stripe/webhook', access: 'public' },
} as const satisfies Record<string, EndpointDefinition>
