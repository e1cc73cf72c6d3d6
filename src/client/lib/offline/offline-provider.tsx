import { onlineManager, type QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { type ReactNode, useEffect } from 'react'
import { getSession, useSession } from '../session'
import { startLiveUpdates } from '../socket'
import { catchUp, takeOverReconnects } from './catch-up'
import { watchDealStatus } from './deal-status-toasts'
import { captureInstallPrompt } from './install-prompt'
import { registerMutationDefaults } from './mutation-defaults'
import { lastBackOnlineAt, startReachability } from './reachability'

/**
 * Offline start-up, in the order that matters (DESIGN §4): the online manager from
 * `navigator.onLine`, the mutation defaults, then the signed-in user's persisted cache (before the
 * router's loaders run, so a cold offline start renders at once, without a spinner), and finally
 * the paused changes of that cache are resumed (they pause again if the server is still away).
 */
export async function startOffline(queryClient: QueryClient): Promise<void> {
  startReachability()
  captureInstallPrompt()
  registerMutationDefaults(queryClient)
  const userId = getSession().user?.id
  if (!userId) return
  // The persister (idb-keyval and TanStack's persister) is a signed-in need: signed-out visitors
  // of the public pages never load it (DESIGN §5 first-route budget).
  const { restoreUserCache } = await import('../persister')
  await restoreUserCache(queryClient, userId)
  void queryClient.resumePausedMutations()
}

/**
 * Back online (browser event, probe or socket): pushes may have been missed meanwhile, so the deal
 * and wallet queries go stale and the ones on screen refetch now.
 */
function refetchWhenBackOnline(queryClient: QueryClient): () => void {
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

/** `persistUserCache` once its module has loaded; the returned stop works before that too. */
function persistWhenLoaded(queryClient: QueryClient, userId: string): () => void {
  let stop: (() => void) | null = null
  let stopped = false
  void import('../persister').then(({ persistUserCache }) => {
    if (!stopped) stop = persistUserCache(queryClient, userId)
  })
  return () => {
    stopped = true
    stop?.()
  }
}

/** The query client for the app, with the signed-in user's cache persisted and kept live. */
export function OfflineQueryProvider({ client, children }: { client: QueryClient; children: ReactNode }) {
  const { user } = useSession()
  const userId = user?.id
  useEffect(() => (userId ? persistWhenLoaded(client, userId) : undefined), [client, userId])
  useEffect(() => (userId ? startLiveUpdates(client) : undefined), [client, userId])
  useEffect(() => (userId ? watchDealStatus(client) : undefined), [client, userId])
  useEffect(() => (userId ? refetchWhenBackOnline(client) : undefined), [client, userId])
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>
}
