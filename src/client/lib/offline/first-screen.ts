import type { QueryClient, QueryKey } from '@tanstack/react-query'

/**
 * The signed-in user's cached queries, also kept synchronously in localStorage, so a cold start
 * (offline above all) renders the last known deals before IndexedDB has answered and before the
 * features' code has loaded (offline reload ≤ 150 ms, README Performance). The IndexedDB cache stays the
 * full record, with the changes queued offline; this copy holds the same queries and nothing else.
 *
 * It is all or nothing: either every query the IndexedDB cache would restore is here, or the key is
 * absent and the start waits for IndexedDB as before. A route's loader therefore never finds half a
 * cache (it would ask the network for the rest, and wait offline). One key per user id, written only
 * for the signed-in user and wiped at logout with the rest of localStorage: a shared device never
 * shows one user's data to another.
 */

// Bump when a persisted query's data shape changes: older copies (here and in IndexedDB) are dropped.
export const cacheVersion = 'v3'
const keyPrefix = 'streamdeals-first-screen:'
// 256 KB of text: a few milliseconds to parse at start-up; a larger cache starts from IndexedDB.
export const firstScreenMaxChars = 256 * 1024

export interface FirstScreenQuery {
  queryKey: QueryKey
  data: unknown
  dataUpdatedAt: number
}

interface FirstScreen {
  version: string
  savedAt: number
  queries: FirstScreenQuery[]
}

export const firstScreenKeyFor = (userId: string) => `${keyPrefix}${userId}`

const storage = (): Storage | null => (typeof localStorage === 'undefined' ? null : localStorage)

/**
 * Puts the user's last saved queries into the client, marked stale (each screen refetches what it
 * shows once online). Returns whether they were there: a start may then render without waiting.
 */
export function seedFirstScreen(queryClient: QueryClient, userId: string, maxAgeMs: number): boolean {
  let saved: FirstScreen
  try {
    const text = storage()?.getItem(firstScreenKeyFor(userId))
    if (!text) return false
    saved = JSON.parse(text) as FirstScreen
  } catch {
    return false
  }
  if (saved.version !== cacheVersion || Date.now() - saved.savedAt > maxAgeMs) return false
  // Nothing to show: the start waits for IndexedDB, which may know more.
  if (saved.queries.length === 0) return false
  for (const query of saved.queries) {
    queryClient.setQueryData(query.queryKey, query.data, { updatedAt: query.dataUpdatedAt })
    void queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true, refetchType: 'none' })
  }
  return true
}

/**
 * Saves the user's queries (the persister chooses them), or removes the copy when they are too many
 * to read quickly: the next start then waits for IndexedDB rather than render half a cache.
 */
export function saveFirstScreen(userId: string, queries: FirstScreenQuery[]): void {
  const store = storage()
  if (!store) return
  const key = firstScreenKeyFor(userId)
  const text = JSON.stringify({ version: cacheVersion, savedAt: Date.now(), queries } satisfies FirstScreen)
  try {
    if (text.length > firstScreenMaxChars) store.removeItem(key)
    else store.setItem(key, text)
  } catch {
    // Storage full: without the copy, the start waits for IndexedDB.
    try {
      store.removeItem(key)
    } catch {
      // Storage disabled: there is no copy to remove.
    }
  }
}
