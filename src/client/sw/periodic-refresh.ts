/// <reference lib="webworker" />
import { get, set } from 'idb-keyval'
import { type MirroredSession, mirroredSession, REFRESH_TAG } from './sync-store'

/**
 * Fresh on open: where Periodic Background Sync is granted (an installed app), the
 * browser wakes this worker now and then with REFRESH_TAG, and it refreshes what the app shows first
 * on open, for the signed-in user only: their deal lists and wallet, in the query cache the app keeps
 * in IndexedDB (lib/persister.ts, one entry per user id). The app then opens, even offline, on data
 * as of the last wake-up instead of the last visit. The page registers the tag after sign-in and
 * unregisters it at logout (lib/offline/background-sync.ts), which also wipes the mirrored session,
 * so a refresh after logout finds no one to refresh for.
 */

/** lib/persister.ts's key for a user's cache (kept in step with `cacheKeyFor`). */
export const persistedCacheKey = (userId: string) => `streamdeals-query-cache:${userId}`

interface PersistedQuery {
  queryKey: unknown[]
  state: { data: unknown; dataUpdatedAt: number; status: string; error?: unknown; fetchStatus?: string }
}
interface PersistedClient {
  timestamp: number
  clientState: { queries: PersistedQuery[] }
}

/** How the worker asks again for a persisted query: the address, its language, and whether a 404 means "no wallet". */
interface RefreshRequest {
  url: string
  locale: string | undefined
  isWallet: boolean
}

/**
 * The API request that answers a persisted query, for the queries the app reads first on open:
 * ['deals', 'user', name, 'list', states, locale] and ['wallet', name, 'detail'] of this user. The
 * worker is a build of its own that loads none of the app's modules, so this is the one place it
 * reads those keys (kept in step with features/deals/queries.ts and features/wallet/queries.ts).
 */
function refreshRequest(queryKey: unknown[], username: string): RefreshRequest | null {
  const name = username.toLowerCase()
  const [root, second, third, fourth, states, locale] = queryKey
  if (root === 'deals' && second === 'user' && third === name && fourth === 'list') {
    const query = new URLSearchParams()
    for (const state of Array.isArray(states) ? states : []) query.append('state', String(state))
    if (typeof locale === 'string') query.set('locale', locale)
    return {
      url: `/api/deals/user/${encodeURIComponent(username)}/missions?${query}`,
      locale: typeof locale === 'string' ? locale : undefined,
      isWallet: false,
    }
  }
  if (root === 'wallet' && second === name && third === 'detail' && queryKey.length === 3) {
    return { url: `/api/wallets/user/${encodeURIComponent(username)}`, locale: undefined, isWallet: true }
  }
  return null
}

export const refreshUrl = (queryKey: unknown[], username: string): string | null =>
  refreshRequest(queryKey, username)?.url ?? null

export interface RefreshIo {
  session(): Promise<MirroredSession | undefined>
  readCache(key: string): Promise<string | undefined>
  writeCache(key: string, value: string): Promise<void>
  fetch(input: string, init: RequestInit): Promise<Response>
  /** Whether a window of the app is open: it keeps itself current, and its saves would race ours. */
  appOpen(): Promise<boolean>
  now(): number
}

const HTTP_NOT_FOUND = 404

/** One refresh; answers how many queries it brought up to date. */
export async function refreshPersistedCache(io: RefreshIo): Promise<number> {
  const session = await io.session()
  if (!session || (await io.appOpen())) return 0
  const key = persistedCacheKey(session.userId)
  const text = await io.readCache(key)
  if (!text) return 0
  const persisted = JSON.parse(text) as PersistedClient
  let refreshed = 0
  for (const query of persisted.clientState.queries) {
    const request = refreshRequest(query.queryKey, session.username)
    if (!request) continue
    const response = await io.fetch(request.url, {
      headers: {
        Authorization: `Bearer ${session.token}`,
        ...(request.locale ? { 'Accept-Language': request.locale } : {}),
      },
    })
    // No wallet yet is an answer (the app stores null); anything else that failed keeps the old data.
    const walletMissing = response.status === HTTP_NOT_FOUND && request.isWallet
    if (!response.ok && !walletMissing) continue
    query.state = {
      ...query.state,
      data: walletMissing ? null : await response.json(),
      dataUpdatedAt: io.now(),
      status: 'success',
      error: null,
    }
    refreshed += 1
  }
  // Signed out (or someone else signed in) meanwhile: their cache is gone and must stay gone.
  if (refreshed === 0 || (await io.session())?.userId !== session.userId) return 0
  persisted.timestamp = io.now()
  await io.writeCache(key, JSON.stringify(persisted))
  return refreshed
}

/** The `periodicsync` event (Chromium only, not in TypeScript's worker library). */
interface PeriodicSyncEvent extends ExtendableEvent {
  readonly tag: string
}

function installPeriodicRefresh(scope: ServiceWorkerGlobalScope, io?: RefreshIo): void {
  const surroundings: RefreshIo = io ?? {
    session: mirroredSession,
    readCache: (key) => get<string>(key),
    writeCache: (key, value) => set(key, value),
    fetch: (input, init) => scope.fetch(input, init),
    appOpen: async () => (await scope.clients.matchAll({ type: 'window' })).length > 0,
    now: () => Date.now(),
  }
  scope.addEventListener('periodicsync', (event) => {
    const periodic = event as PeriodicSyncEvent
    if (periodic.tag !== REFRESH_TAG) return
    periodic.waitUntil(refreshPersistedCache(surroundings).catch(() => 0))
  })
}

declare const self: ServiceWorkerGlobalScope
// Installed when the worker loads this file (one import line in sw.ts); tests import its functions.
if (typeof ServiceWorkerGlobalScope !== 'undefined' && self instanceof ServiceWorkerGlobalScope) {
  installPeriodicRefresh(self)
}
