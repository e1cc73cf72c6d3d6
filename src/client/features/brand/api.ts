import { api } from '#client/lib/http.ts'
import type { Locale } from '#shared/contract/common.ts'

/**
 * The brand portal's calls, typed by the endpoint table's rows (shared/contract/brand.ts): no answer
 * type is restated here. They only talk to the server; queries.ts and mutations.ts put the answers
 * in the cache. The portal's multipart bodies carry their JSON in `payload` (see `payloadForm`).
 */

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
