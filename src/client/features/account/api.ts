import { api, idempotencyHeader } from '#client/lib/http.ts'
import type { BodyInputOf } from '#shared/contract/api.ts'

/**
 * The account feature's calls, typed by the endpoint table's rows (shared/contract/auth.ts and
 * access.ts): no answer type is restated here. Their answers reach the session through mutations.ts.
 */

/** A profile change as JSON, or a new avatar as FormData (field `avatar`). */
export function putUser(username: string, body: BodyInputOf<'userUpdate'>, idempotencyKey?: string) {
  return api('userUpdate', { params: { user: username }, body, headers: idempotencyHeader(idempotencyKey) })
}

export function putCreatorCode(username: string, code: string) {
  return api('creatorCodeUpdate', { params: { user: username }, body: { code } })
}

export function fetchPlatforms(username: string, signal?: AbortSignal) {
  return api('platforms', { params: { username }, signal })
}

export function deletePlatform(username: string, platform: { code: string; reference: string }) {
  return api('platformDelete', { params: { username, ...platform } })
}

export function postTwitchCode(code: string, redirectUri: string) {
  return api('twitchConnect', { body: { code, redirectUri } })
}

/** All of the user's data, as one document the page saves to a file. */
export function fetchDataExport(username: string) {
  return api('accountExport', { params: { username } })
}

export function postAccountDeletion(username: string, currentPassword: string) {
  return api('accountDelete', { params: { username }, body: { currentPassword } })
}
