import type { QueryClient } from '@tanstack/react-query'
import { wipeSyncStores } from '../../sw/sync-store'
import { removePersistedCaches } from '../persister'
import { signOut } from '../session'
import { stopPeriodicRefresh } from './background-sync'

/** CacheStorage caches that can hold a user's files (avatars and other uploads): see sw/sw.ts. */
const userDataCacheNames = ['media'] as const

/**
 * Logout wipes everything the signed-in user left in this browser, online or offline:
 * the session (localStorage, all of it), the in-memory cache and queued changes, the persisted cache
 * in IndexedDB, and cached uploads. The app shell and public content stay, so the app still opens.
 */
export async function wipeUserData(queryClient: QueryClient): Promise<void> {
  signOut()
  queryClient.clear()
  try {
    localStorage.clear()
  } catch {
    // Storage disabled: nothing was stored there either.
  }
  const caches = typeof globalThis.caches === 'undefined' ? null : globalThis.caches
  await Promise.all([
    removePersistedCaches().catch(() => undefined),
    // The service worker's copy of the token and its queue of actions (Background Sync).
    wipeSyncStores().catch(() => undefined),
    stopPeriodicRefresh().catch(() => undefined),
    // The icon's count of unseen events is the user's too.
    import('../../sw/badge').then((badge) => badge.clearBadge()).catch(() => undefined),
    ...(caches ? userDataCacheNames.map((name) => caches.delete(name).catch(() => false)) : []),
  ])
}
