import { api } from '#client/lib/http.ts'
import type { BodyInputOf } from '#shared/contract/api.ts'

/** The push feature's calls, typed by the endpoint table's rows (shared/contract/push.ts). */

export function fetchPushKey(signal?: AbortSignal) {
  return api('pushKey', { signal })
}

export function postPushSubscription(username: string, body: BodyInputOf<'pushSubscribe'>) {
  return api('pushSubscribe', { params: { username }, body })
}

export function fetchPushDevices(username: string, signal?: AbortSignal) {
  return api('pushDevices', { params: { username }, signal })
}

export function deletePushDevice(username: string, id: string) {
  return api('pushDeviceDelete', { params: { username, id } })
}
