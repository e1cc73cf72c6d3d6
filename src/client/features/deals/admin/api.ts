import { adminApi as api } from '#client/lib/admin-http.ts'
import type { BodyInputOf } from '#shared/contract/api.ts'
import type { DealState } from '#shared/contract/deals.ts'

/**
 * The deals admin screens' calls (providers, missions, deals), apart from the feature's api.ts so a
 * streamer's pages never load them. Never queued offline, never persisted.
 */

export function fetchAdminProviders(signal?: AbortSignal) {
  return api('adminProviders', { signal })
}

export function fetchAdminMissions(signal?: AbortSignal) {
  return api('adminMissions', { signal })
}

/** An empty state or search means no filter on it. */
export function fetchAdminDeals(
  filter: { state?: DealState | ''; q?: string; flagged?: boolean },
  signal?: AbortSignal,
) {
  return api('adminDeals', {
    query: {
      state: filter.state || undefined,
      q: filter.q || undefined,
      flagged: filter.flagged ? 'true' : undefined,
    },
    signal,
  })
}

/** Creates a provider (no id) or updates one, from the admin form's multipart body. */
export function saveAdminProvider(id: string | null, form: FormData) {
  return id === null
    ? api('adminProviderCreate', { body: form })
    : api('adminProviderUpdate', { params: { id }, body: form })
}

/** Creates a mission (no code) or updates one, from the admin form's multipart body. */
export function saveAdminMission(code: string | null, form: FormData) {
  return code === null
    ? api('adminMissionCreate', { body: form })
    : api('adminMissionUpdate', { params: { code }, body: form })
}

export function rejectDealEarnings(code: string, reason: string) {
  return api('adminDealEarningsRejection', { params: { code }, body: { reason } })
}

export function setAdminDealState(code: string, state: BodyInputOf<'adminDealState'>['state']) {
  return api('adminDealState', { params: { code }, body: { state } })
}

/** The publication queue: drafts waiting for a decision, oldest first. */
export function fetchMissionQueue(signal?: AbortSignal) {
  return api('adminMissionQueue', { signal })
}

export function publishMission(code: string) {
  return api('adminMissionPublish', { params: { code } })
}

export function rejectMission(code: string, reason: string) {
  return api('adminMissionReject', { params: { code }, body: { reason } })
}
