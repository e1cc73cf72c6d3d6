import { type QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { type ReactNode, useEffect } from 'react'
import { featuresReady, startWhenFeaturesReady } from '../features-ready'
import { whenFirstScreenPainted } from '../first-paint'
import { queryGcTimeMs } from '../query-client'
import { currentUser, useCurrentUser } from '../session'
import { seedFirstScreen } from './first-screen'
import { captureInstallPrompt } from './install-prompt'
import { startReachability } from './reachability'

/** Settles once the persisted cache is in the client: nothing may be persisted before (see below). */
let cacheRestored: Promise<void> = Promise.resolve()

export interface OfflineStart {
  /** The user's last queries are already in the client (offline/first-screen.ts): render at once. */
  firstScreen: boolean
  /** The full persisted cache, with the changes queued offline, is restored and resumed. */
  restored: Promise<void>
}

/**
 * Offline start-up, in the order that matters: the online manager from
 * `navigator.onLine`; for a signed-in user, their last queries from the synchronous copy (so a cold
 * offline start renders the deals at once), then the features' offline changes (app-features.ts) set
 * on the client, then the full persisted cache, and finally its paused changes are resumed (they
 * pause again if the server is still away). Without the copy, the first render waits for `restored`.
 */
export function startOffline(queryClient: QueryClient): OfflineStart {
  startReachability()
  captureInstallPrompt()
  const userId = currentUser()?.id
  if (!userId) return { firstScreen: false, restored: cacheRestored }
  const firstScreen = seedFirstScreen(queryClient, userId, queryGcTimeMs)
  // With the copy on screen, the full cache (and its code) waits for the first paint.
  cacheRestored = firstScreen
    ? whenFirstScreenPainted().then(() => restoreAndResume(queryClient, userId))
    : restoreAndResume(queryClient, userId)
  return { firstScreen, restored: cacheRestored }
}

async function restoreAndResume(queryClient: QueryClient, userId: string): Promise<void> {
  // The persister (idb-keyval and TanStack's persister) and the features' registrations are
  // signed-in needs: signed-out visitors of the public pages never load them (the first-route budget).
  const [{ restoreUserCache }, { registerMutationDefaults }] = await Promise.all([
    import('../persister'),
    import('./mutation-defaults'),
    featuresReady(),
  ])
  registerMutationDefaults(queryClient)
  await restoreUserCache(queryClient, userId)
  void queryClient.resumePausedMutations()
}

/**
 * `persistUserCache` once its module has loaded, the features said which data is kept and the stored
 * cache is back in the client (a save before that would replace the stored cache, and the changes
 * queued in it, with part of it); the returned stop works before too.
 */
function persistWhenLoaded(queryClient: QueryClient, userId: string): () => void {
  let stop: (() => void) | null = null
  let stopped = false
  // After the restore, which itself waits for the first paint when the synchronous copy is on screen.
  const loaded = cacheRestored
    .catch(() => undefined)
    .then(() => Promise.all([import('../persister'), featuresReady()]))
  void loaded.then(([{ persistUserCache }]) => {
    if (!stopped) stop = persistUserCache(queryClient, userId)
  })
  return () => {
    stopped = true
    stop?.()
  }
}

/** Work a feature runs while someone is signed in (a cache watcher); returns its stop function. */
export type SignedInTask = (queryClient: QueryClient) => () => void

const signedInTasks = new Set<SignedInTask>()

/** Registers a feature's signed-in task (from app-features.ts): it starts at sign-in, stops at sign-out. */
export function whileSignedIn(task: SignedInTask): void {
  signedInTasks.add(task)
}

function startSignedInTasks(queryClient: QueryClient): () => void {
  const stops = [...signedInTasks].map((task) => task(queryClient))
  return () => {
    for (const stop of stops) stop()
  }
}

/** The query client for the app, with the signed-in user's cache persisted and kept live. */
export function OfflineQueryProvider({ client, children }: { client: QueryClient; children: ReactNode }) {
  const userId = useCurrentUser()?.id
  useEffect(() => (userId ? persistWhenLoaded(client, userId) : undefined), [client, userId])
  // The socket and the catch-up are signed-in machinery: loaded then, not with the public pages.
  useEffect(
    () =>
      userId
        ? startWhenFeaturesReady(async () => (await import('../socket')).startLiveUpdates(client))
        : undefined,
    [client, userId],
  )
  useEffect(
    () => (userId ? startWhenFeaturesReady(() => startSignedInTasks(client)) : undefined),
    [client, userId],
  )
  useEffect(
    () =>
      userId
        ? startWhenFeaturesReady(async () => (await import('./catch-up')).refetchWhenBackOnline(client))
        : undefined,
    [client, userId],
  )
  // The session mirrored for the service worker, its answers heard, the periodic refresh asked for.
  useEffect(() => {
    if (!userId) return
    void whenFirstScreenPainted()
      .then(() => import('./background-sync'))
      .then((sync) => sync.startBackgroundSync(client))
  }, [client, userId])
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>
}
