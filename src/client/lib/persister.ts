import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister'
import type { Query } from '@tanstack/react-query'
import type { PersistQueryClientOptions } from '@tanstack/react-query-persist-client'
import { del, get, set } from 'idb-keyval'
import { queryGcTimeMs } from './query-client'

/**
 * The query cache kept in IndexedDB so the installed app opens offline with the last known deals
 * and wallet (DESIGN §4). One entry per user, so a shared device never shows one user's data to another.
 */

// Bump when a persisted query's data shape changes: older caches are then thrown away.
export const cacheBuster = 'v1'
export const cacheMaxAgeMs = queryGcTimeMs

// Only these key roots are worth keeping offline; anything else is refetched on start.
const persistedRoots = new Set(['deals', 'wallet', 'content'])

export function cacheKeyFor(username: string | null | undefined): string {
  return `streamdeals-query-cache:${username ?? 'anonymous'}`
}

export function shouldPersistQuery(query: Query): boolean {
  const root = query.queryKey[0]
  return query.state.status === 'success' && typeof root === 'string' && persistedRoots.has(root)
}

export function persistOptionsFor(
  username: string | null | undefined,
): Omit<PersistQueryClientOptions, 'queryClient'> {
  const persister = createAsyncStoragePersister({
    storage: { getItem: (key) => get<string>(key), setItem: set, removeItem: del },
    key: cacheKeyFor(username),
  })
  return {
    persister,
    buster: cacheBuster,
    maxAge: cacheMaxAgeMs,
    dehydrateOptions: { shouldDehydrateQuery: shouldPersistQuery },
  }
}

/** Logout: the user's cached data must not outlive the session (DESIGN §4). */
export async function removePersistedCache(username: string | null | undefined): Promise<void> {
  await del(cacheKeyFor(username))
}
