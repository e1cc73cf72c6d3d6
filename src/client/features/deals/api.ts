import { api, idempotencyHeader } from '#client/lib/http.ts'
import { userTimeZone } from '#client/lib/time-zone.ts'
import type { Locale } from '#shared/contract/common.ts'
import type { DealState } from '#shared/contract/deals.ts'
import type { TrackingKind } from '#shared/deal-links.ts'

/**
 * The deals feature's calls, typed by the endpoint table's rows (shared/contract/deals.ts): no answer
 * type is restated here. They only talk to the server; what reaches the cache goes through
 * `storeDeal` (queries.ts), from the query functions and from mutations.ts.
 */

// Reads of mission texts name their locale in the query (`?locale=`), not only in Accept-Language:
// the answer is then one URL per language, whatever caches it (the service worker, a response cache).

export function fetchMissions(options: {
  excludeCurrentUser: boolean
  locale: Locale
  signal?: AbortSignal
}) {
  return api('missions', {
    query: {
      locale: options.locale,
      ...(options.excludeCurrentUser ? { exclude_current_user: 'true' } : {}),
    },
    signal: options.signal,
  })
}

export function fetchMission(code: string, locale: Locale, signal?: AbortSignal) {
  return api('mission', { params: { code }, query: { locale }, signal })
}

/** A user's deals in the given states (none: every state), their mission texts in `locale`. */
export function fetchUserDeals(
  username: string,
  states: readonly DealState[],
  locale: Locale,
  signal?: AbortSignal,
) {
  return api('userDeals', { params: { username }, query: { state: [...states], locale }, signal })
}

/** A user's deal, addressed by its MISSION code as the API is. */
export function fetchUserDeal(username: string, missionCode: string, locale: Locale, signal?: AbortSignal) {
  return api('userDeal', { params: { username, code: missionCode }, query: { locale }, signal })
}

/** A deal's valid and invalid clicks per day, in the user's day (see lib/time-zone.ts). */
export function fetchDealStats(username: string, missionCode: string, signal?: AbortSignal) {
  return api('userDealStats', {
    params: { username, code: missionCode },
    query: { tz: userTimeZone() },
    signal,
  })
}

export function fetchDealEvents(username: string, missionCode: string, signal?: AbortSignal) {
  return api('userDealTriggers', { params: { username, code: missionCode }, signal })
}

/** Takes a mission: the server opens the user's deal on it (409 when full, closed or already taken). */
export function subscribeToMission(username: string, missionCode: string, idempotencyKey?: string) {
  return api('subscriptionCreate', {
    params: { code: missionCode, username },
    headers: idempotencyHeader(idempotencyKey),
  })
}

export function stopUserDeal(username: string, missionCode: string, idempotencyKey?: string) {
  return api('userDealStop', {
    params: { username, code: missionCode },
    headers: idempotencyHeader(idempotencyKey),
  })
}

/** A sample alert on the deal's open overlays (never counted; the server allows a few a minute). */
export function sendWidgetTestAlert(username: string, missionCode: string) {
  return api('userDealWidgetTestAlert', { params: { username, code: missionCode } })
}

export function renewUserDealWidgetToken(username: string, missionCode: string) {
  return api('userDealWidgetToken', { params: { username, code: missionCode } })
}

/** `locale`: the overlay URL's own language; without it the server answers in the owner's saved one. */
export function fetchWidgetView(token: string, signal?: AbortSignal, locale?: string) {
  return api('widget', { params: { token }, query: locale ? { locale } : {}, signal })
}

/** A viewer's visit on a tracked link: where to send them (and, for the landing, whose code it is). */
export function checkTrackedLink(kind: TrackingKind, missionCode: string, username: string) {
  return api('subscriptionCheck', { params: { code: missionCode, username }, body: { kind } })
}
