import { clear, createStore, del, entries, get, set, type UseStore } from 'idb-keyval'

/**
 * What the page and the service worker share for Background Sync, in IndexedDB,
 * the only storage both can read: the actions queued offline, as the requests to send, and the
 * session's token mirrored from localStorage (which a worker cannot read). Each store is a database
 * of its own (idb-keyval opens one store per database), apart from the persisted query cache.
 */

/** The tag the page registers and the worker's `sync` handler answers. */
export const SYNC_TAG = 'streamdeals-queued-actions'
/** The Periodic Background Sync tag: the worker refreshes the user's deals and wallet (periodic-refresh.ts). */
export const REFRESH_TAG = 'refresh-deals'

/** A queued action as the request that performs it, keyed by its Idempotency-Key. */
export interface QueuedRequest {
  key: string
  method: string
  /** Absolute URL of the endpoint. */
  url: string
  /** The JSON body, as text; null for an action without one. */
  body: string | null
  /** The language the page asked in, so the answer's texts are the user's. */
  acceptLanguage: string
  queuedAt: number
}

let queueStore: UseStore | undefined
let authStore: UseStore | undefined
const queue = () => {
  queueStore ??= createStore('streamdeals-sync-queue', 'requests')
  return queueStore
}
const auth = () => {
  authStore ??= createStore('streamdeals-sync-auth', 'auth')
  return authStore
}

export const queueRequest = (request: QueuedRequest) => set(request.key, request, queue())
export const forgetRequest = (key: string) => del(key, queue())
/** The queue, oldest first: actions are sent in the order they were made. */
export async function queuedRequests(): Promise<QueuedRequest[]> {
  const all = await entries<string, QueuedRequest>(queue())
  return all.map(([, request]) => request).sort((a, b) => a.queuedAt - b.queuedAt)
}

/** The signed-in session as the worker needs it: the token to send, whose data to refresh. */
export interface MirroredSession {
  token: string
  userId: string
  username: string
}
const SESSION = 'session'
export const mirrorSession = (session: MirroredSession | null) =>
  session ? set(SESSION, session, auth()) : del(SESSION, auth())
export const mirroredSession = () => get<MirroredSession>(SESSION, auth())
export const mirroredToken = async () => (await mirroredSession())?.token

/** Logout: the queue and the token go with the rest of the user's data. */
export async function wipeSyncStores(): Promise<void> {
  await Promise.all([clear(queue()), clear(auth())])
}
