import { addEndpoints, api } from '#client/lib/http.ts'
import { brandEndpoints } from '#shared/brand-endpoints.ts'
import type { ApiKeyScope, WebhookEventType } from '#shared/contract/brand-integrations.ts'
import type { Locale } from '#shared/contract/common.ts'

/**
 * The brand portal's calls, typed by the endpoint table's rows (shared/contract/brand.ts): no answer
 * type is restated here. They only talk to the server; queries.ts and mutations.ts put the answers
 * in the cache. The portal's multipart bodies carry their JSON in `payload` (see `payloadForm`).
 */

// The portal's rows join the client's endpoint table with the portal's code, not in the first route.
addEndpoints(brandEndpoints)

export function fetchBrandProviders(signal?: AbortSignal) {
  return api('brandProviders', { signal })
}

export function fetchBrandProvider(slug: string, signal?: AbortSignal) {
  return api('brandProvider', { params: { slug }, signal })
}

export function fetchBrandMembers(slug: string, signal?: AbortSignal) {
  return api('brandMembers', { params: { slug }, signal })
}

export function fetchBrandMissions(slug: string, signal?: AbortSignal) {
  return api('brandMissions', { params: { slug }, signal })
}

/** A mission's results, its title in `locale`. */
export function fetchMissionResults(slug: string, code: string, locale: Locale, signal?: AbortSignal) {
  return api('brandMissionResults', {
    params: { slug, code },
    signal,
    headers: { 'Accept-Language': locale },
  })
}

export function fetchTopUps(slug: string, code: string, signal?: AbortSignal) {
  return api('brandTopUps', { params: { slug, code }, signal })
}

export function postProviderApplication(form: FormData) {
  return api('brandProviderApply', { body: form })
}

export function putProvider(slug: string, form: FormData) {
  return api('brandProviderUpdate', { params: { slug }, body: form })
}

export function postMission(slug: string, form: FormData) {
  return api('brandMissionCreate', { params: { slug }, body: form })
}

export function putMission(slug: string, code: string, form: FormData) {
  return api('brandMissionUpdate', { params: { slug, code }, body: form })
}

export function putMissionStatus(slug: string, code: string, status: 'paused' | 'published' | 'closed') {
  return api('brandMissionState', { params: { slug, code }, body: { status } })
}

export function postDealReview(slug: string, code: string, dealCode: string, message: string) {
  return api('brandDealReview', { params: { slug, code, dealCode }, body: { message } })
}

/** Starts a card top-up of `amount` cents: the answer carries the client secret Stripe.js confirms. */
export function postCardTopUp(slug: string, code: string, amount: number) {
  return api('brandTopUpCreate', { params: { slug, code }, body: { amount } })
}

export function postInvitationRedemption(token: string) {
  return api('brandInvitationRedeem', { body: { token } })
}

// A brand's integrations (its Integrations tab): webhooks, their delivery logs, API keys.

export const fetchWebhooks = (slug: string, signal?: AbortSignal) =>
  api('brandWebhooks', { params: { slug }, signal })

export const fetchWebhookDeliveries = (slug: string, hookId: string, signal?: AbortSignal) =>
  api('brandWebhookDeliveries', { params: { slug, hookId }, signal })

export const fetchApiKeys = (slug: string, signal?: AbortSignal) =>
  api('brandApiKeys', { params: { slug }, signal })

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
export function fetchInvitations(slug: string, signal?: AbortSignal) {
  return api('brandInvitations', { params: { slug }, signal })
}

/** An owner invites an address: the server mails it a link its holder accepts. */
export function postMemberInvite(slug: string, email: string, role: 'owner' | 'member') {
  return api('brandMemberInvite', { params: { slug }, body: { email, role } })
}

export function deleteMember(slug: string, userId: string) {
  return api('brandMemberRemove', { params: { slug, userId } })
}

export function fetchTopUpRequests(slug: string, code: string, signal?: AbortSignal) {
  return api('brandTopUpRequests', { params: { slug, code }, signal })
}

/** Asks the admins for a top-up of `amount` cents (card payments off). */
export function postTopUpRequest(slug: string, code: string, amount: number, note: string) {
  return api('brandTopUpRequestCreate', {
    params: { slug, code },
    body: { amount, ...(note ? { note } : {}) },
  })
}

/** The overview across the brand's missions between two UTC days (both included), titles in `locale`. */
export function fetchOverview(
  slug: string,
  range: { from: string; to: string },
  locale: Locale,
  signal?: AbortSignal,
) {
  return api('brandOverview', {
    params: { slug },
    query: range,
    signal,
    headers: { 'Accept-Language': locale },
  })
}
