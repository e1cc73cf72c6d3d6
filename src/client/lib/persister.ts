import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister'
import type { Mutation, Query, QueryClient } from '@tanstack/react-query'
import {
  type PersistedQueryClientSaveOptions,
  persistQueryClientRestore,
  persistQueryClientSave,
  persistQueryClientSubscribe,
} from '@tanstack/react-query-persist-client'
import { del, delMany, get, keys, set } from 'idb-keyval'
import { cacheVersion, saveFirstScreen } from './offline/first-screen'
import { isLiveQuery, isPersistedQuery } from './offline/query-roots'
import { queryGcTimeMs } from './query-client'
import { currentUser } from './session'

/**
 * The query cache kept in IndexedDB so the installed app opens offline with the last known deals
 * and wallet. One entry per user id, so a shared device never shows one user's data to
 * another; paused mutations (changes made offline) travel in the same entry.
 */

const cacheMaxAgeMs = queryGcTimeMs
const cacheKeyPrefix = 'streamdeals-query-cache:'
// 250 ms: a change made just before the app is closed must reach IndexedDB; the cache is small.
const persistThrottleMs = 250

export function cacheKeyFor(userId: string): string {
  return `${cacheKeyPrefix}${userId}`
}

/** Only the roots features registered (offline/query-roots.ts) are kept; the rest is refetched on start. */
function shouldPersistQuery(query: Query): boolean {
  return query.state.status === 'success' && isPersistedQuery(query)
}

function shouldPersistMutation(mutation: Mutation): boolean {
  // Only changes waiting for the network, and only those whose function features register through
  // offline/mutation-defaults.ts: nothing else could be resumed after a reload.
  return mutation.state.isPaused && mutation.options.mutationKey?.[0] === 'offline'
}

function persisterFor(userId: string, throttleTime = persistThrottleMs) {
  return createAsyncStoragePersister({
    storage: {
      getItem: (key) => get<string>(key),
      // A write that lands after the user signed out would bring their data back: refuse it.
      setItem: async (key, value: string) => {
        if (currentUser()?.id === userId) await set(key, value)
      },
      removeItem: del,
    },
    key: cacheKeyFor(userId),
    throttleTime,
  })
}

function saveOptionsFor(queryClient: QueryClient, userId: string): PersistedQueryClientSaveOptions {
  return {
    queryClient,
    persister: persisterFor(userId),
    buster: cacheVersion,
    dehydrateOptions: {
      shouldDehydrateQuery: shouldPersistQuery,
      shouldDehydrateMutation: shouldPersistMutation,
    },
  }
}

/** Loads the user's last cache into the client; must finish before the router's loaders run. */
export async function restoreUserCache(queryClient: QueryClient, userId: string): Promise<void> {
  try {
    await persistQueryClientRestore({ ...saveOptionsFor(queryClient, userId), maxAge: cacheMaxAgeMs })
  } catch {
    // IndexedDB unavailable (private mode) or a corrupt entry: the app simply starts from the network.
    return
  }
  // Restored live data shows at once but is only as fresh as the last save: a push received after it
  // (a credit, a finished deal) is not in it, and a restored query looks fresh to its staleTime. So
  // every restored live query counts as stale, and each screen refetches what it shows once online.
  await queryClient.invalidateQueries({ predicate: isLiveQuery, refetchType: 'none' })
}

/** The synchronous copy of the same queries, for the next cold start (offline/first-screen.ts). */
function keepFirstScreen(queryClient: QueryClient, userId: string): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null
  const save = () => {
    timer = null
    // A save that lands after the user signed out would bring their data back: refuse it.
    if (currentUser()?.id !== userId) return
    const queries = queryClient
      .getQueryCache()
      .getAll()
      .filter(shouldPersistQuery)
      .map((query) => ({
        queryKey: query.queryKey,
        data: query.state.data,
        dataUpdatedAt: query.state.dataUpdatedAt,
      }))
    saveFirstScreen(userId, queries)
  }
  save()
  const unsubscribe = queryClient.getQueryCache().subscribe(() => {
    timer ??= setTimeout(save, persistThrottleMs)
  })
  return () => {
    unsubscribe()
    if (timer) clearTimeout(timer)
  }
}

/**
 * Writes the cache (throttled) on every change from now on, and at once when a change is queued
 * offline: the user may close the app right after acting. Returns the unsubscribe function.
 */
export function persistUserCache(queryClient: QueryClient, userId: string): () => void {
  const unsubscribe = persistQueryClientSubscribe(saveOptionsFor(queryClient, userId))
  const stopFirstScreen = keepFirstScreen(queryClient, userId)
  const immediate = { ...saveOptionsFor(queryClient, userId), persister: persisterFor(userId, 0) }
  const unsubscribeMutations = queryClient.getMutationCache().subscribe((event) => {
    if (event.type === 'updated' && event.mutation.state.isPaused) void persistQueryClientSave(immediate)
  })
  return () => {
    unsubscribe()
    unsubscribeMutations()
    stopFirstScreen()
  }
}

/** Logout: every user's persisted cache goes, whoever was signed in. */
export async function removePersistedCaches(): Promise<void> {
  const all = await keys()
  await delMany(all.filter((key) => typeof key === 'string' && key.startsWith(cacheKeyPrefix)))
}
