import { onlineManager, type Query, type QueryClient } from '@tanstack/react-query'
import { isLiveQuery, isPrimaryQuery, liveRoots } from './query-roots'
import { lastBackOnlineAt } from './reachability'

/**
 * Catching up after a gap in the live connection: back online, or a socket that
 * reconnected without recovering its missed pushes. Every live query (the roots features register in
 * query-roots.ts: deals, wallet) goes stale, and the ones on screen refetch, the primary ones (a
 * deal's state, the balance) before the rest: right after a reconnect the server answers a burst of
 * requests one after the other, and the state change has to show within a second.
 */

/** When each query last started a request (performance.now()), to tell answers from before a gap. */
const fetchStarts = new WeakMap<Query, number>()

/**
 * Records when requests go out, for `catchUp(…, since)` (a paused request that continues sends a new
 * one), and takes over TanStack Query's refetch on reconnect for the live data: it would ask for
 * everything at once, and only for the stale queries, while a push may have been missed by any of
 * them. Returns the undo function.
 */
function takeOverReconnects(queryClient: QueryClient): () => void {
  // The roots registered when the provider starts: features register before (app-features.ts).
  const roots = liveRoots()
  for (const root of roots) queryClient.setQueryDefaults([root], { refetchOnReconnect: false })
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated') return
    if (event.action.type === 'fetch' || event.action.type === 'continue')
      fetchStarts.set(event.query, performance.now())
  })
  return () => {
    unsubscribe()
    for (const root of roots) queryClient.setQueryDefaults([root], { refetchOnReconnect: true })
  }
}

async function refetch(queryClient: QueryClient, queries: Query[]): Promise<void> {
  if (queries.length === 0) return
  // A request already on its way is not cancelled (that would only delay the answer): it finishes,
  // then the query asks again, since its answer may predate a push that was missed.
  const inFlight = queries.filter((query) => query.state.fetchStatus === 'fetching')
  await queryClient.refetchQueries(
    { predicate: (query) => queries.includes(query), type: 'active' },
    { cancelRefetch: false },
  )
  if (inFlight.length > 0) {
    await queryClient.refetchQueries(
      { predicate: (query) => inFlight.includes(query), type: 'active' },
      { cancelRefetch: false },
    )
  }
}

/**
 * Marks the live queries whose last request started before `since` as stale and refetches
 * those on screen, primary ones first. `since` defaults to now: everything may have missed a push.
 */
export async function catchUp(queryClient: QueryClient, since = performance.now()): Promise<void> {
  const missed = queryClient
    .getQueryCache()
    .findAll({ predicate: (query) => isLiveQuery(query) && (fetchStarts.get(query) ?? -1) < since })
  if (missed.length === 0) return
  await queryClient.invalidateQueries({ predicate: (query) => missed.includes(query), refetchType: 'none' })
  await refetch(
    queryClient,
    missed.filter((query) => isPrimaryQuery(query)),
  ).catch(() => undefined)
  await refetch(
    queryClient,
    missed.filter((query) => !isPrimaryQuery(query)),
  ).catch(() => undefined)
}

/**
 * Back online (browser event, probe or socket): pushes may have been missed meanwhile, so the live
 * queries (deals, wallet) go stale and the ones on screen refetch now. Returns the stop function.
 */
export function refetchWhenBackOnline(queryClient: QueryClient): () => void {
  let wasOnline = onlineManager.isOnline()
  const stopTracking = takeOverReconnects(queryClient)
  const unsubscribe = onlineManager.subscribe((online) => {
    // Requests sent since the network came back (paused ones resuming) already see the current state.
    if (online && !wasOnline) void catchUp(queryClient, lastBackOnlineAt())
    wasOnline = online
  })
  return () => {
    unsubscribe()
    stopTracking()
  }
}
