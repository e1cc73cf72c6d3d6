import { onlineManager, type QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { type ReactNode, useEffect } from 'react'
import { persistUserCache, restoreUserCache } from '../persister'
import { getSession, useSession } from '../session'
import { startLiveUpdates } from '../socket'
import { watchDealStatus } from './deal-status-toasts'
import { captureInstallPrompt } from './install-prompt'
import { registerMutationDefaults } from './mutation-defaults'
import { startReachability } from './reachability'

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
  await restoreUserCache(queryClient, userId)
  void queryClient.resumePausedMutations()
}

/**
 * Back online (browser event, probe or socket): pushes may have been missed meanwhile, so the deal
 * and wallet queries go stale and the ones on screen refetch now.
 */
function refetchWhenBackOnline(queryClient: QueryClient): () => void {
  let wasOnline = onlineManager.isOnline()
  return onlineManager.subscribe((online) => {
    if (online && !wasOnline) {
      void queryClient.invalidateQueries({ queryKey: ['deals'] })
      void queryClient.invalidateQueries({ queryKey: ['wallet'] })
    }
    wasOnline = online
  })
}

/** The query client for the app, with the signed-in user's cache persisted and kept live. */
export function OfflineQueryProvider({ client, children }: { client: QueryClient; children: ReactNode }) {
  const { user } = useSession()
  const userId = user?.id
  useEffect(() => (userId ? persistUserCache(client, userId) : undefined), [client, userId])
  useEffect(() => (userId ? startLiveUpdates(client) : undefined), [client, userId])
  useEffect(() => (userId ? watchDealStatus(client) : undefined), [client, userId])
  useEffect(() => (userId ? refetchWhenBackOnline(client) : undefined), [client, userId])
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>
}
