import type { QueryClient } from '@tanstack/react-query'
import {
  forgetRequest,
  mirrorSession,
  type QueuedRequest,
  queueRequest,
  REFRESH_TAG,
  SYNC_TAG,
} from '../../sw/sync-store'
import { type IdempotentRequest, onIdempotentRequest } from '../http'
import { getSession, subscribeSession } from '../session'

/**
 * The page's half of Background Sync (the worker's is sw/background-sync.ts).
 * Where the browser has `SyncManager`, an action that could not reach the server (it carries its
 * Idempotency-Key, see mutation-defaults.ts) is also written into the worker's IndexedDB queue and
 * the sync tag registered, so the worker sends it when the network returns, even with the app
 * closed. The page's own `online` path still sends its paused copy: the key makes it count once.
 * An answer (to either) removes the action from the worker's queue; the worker's answers make the
 * open page read its data again.
 */

interface SyncRegistration extends ServiceWorkerRegistration {
  sync?: { register(tag: string): Promise<void> }
  periodicSync?: {
    register(tag: string, options: { minInterval: number }): Promise<void>
    unregister(tag: string): Promise<void>
  }
}

// Twelve hours: the browser decides the real pace (engagement, battery); asking for more wins nothing.
const REFRESH_EVERY_MS = 12 * 60 * 60 * 1000

/**
 * Asks for the periodic refresh of the user's deals and wallet (sw/periodic-refresh.ts). Only an
 * installed app is granted it; elsewhere the permission is not granted and nothing is asked.
 */
async function askForPeriodicRefresh(): Promise<void> {
  const registration = (await navigator.serviceWorker.ready) as SyncRegistration
  if (!registration.periodicSync) return
  const permission = await navigator.permissions
    .query({ name: 'periodic-background-sync' as PermissionName })
    .catch(() => null)
  if (permission?.state !== 'granted') return
  await registration.periodicSync.register(REFRESH_TAG, { minInterval: REFRESH_EVERY_MS })
}

/** Logout: the worker stops refreshing (the mirrored session is wiped with the rest). */
export async function stopPeriodicRefresh(): Promise<void> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return
  const registration = (await navigator.serviceWorker.getRegistration()) as SyncRegistration | undefined
  await registration?.periodicSync?.unregister(REFRESH_TAG)
}

const hasBackgroundSync = () =>
  typeof navigator !== 'undefined' &&
  'serviceWorker' in navigator &&
  typeof window !== 'undefined' &&
  'SyncManager' in window

/** The JSON text of a body the worker can send again; null for none, undefined for what it cannot (files). */
function bodyText(body: unknown): string | null | undefined {
  if (body === undefined || body === null) return null
  if (typeof FormData !== 'undefined' && body instanceof FormData) return undefined
  if (typeof Blob !== 'undefined' && body instanceof Blob) return undefined
  return typeof body === 'string' ? body : JSON.stringify(body)
}

async function handOver(request: IdempotentRequest): Promise<void> {
  const body = bodyText(request.body)
  if (body === undefined) return
  const queued: QueuedRequest = {
    key: request.key,
    method: request.method,
    url: request.url,
    body,
    acceptLanguage: request.acceptLanguage,
    queuedAt: Date.now(),
  }
  await queueRequest(queued)
  const registration = (await navigator.serviceWorker.ready) as SyncRegistration
  await registration.sync?.register(SYNC_TAG)
}

let started = false

/** Once per page: mirrors the token for the worker, hands unsent actions over, hears its answers. */
export function startBackgroundSync(queryClient: QueryClient): void {
  if (started || !hasBackgroundSync()) return
  started = true
  // The worker cannot read localStorage: it reads the session here, written at sign-in, gone at logout.
  let mirrored: string | undefined
  const mirror = () => {
    const { token, user } = getSession()
    const session = token && user ? { token, userId: user.id, username: user.username } : null
    const text = JSON.stringify(session)
    if (text === mirrored) return
    mirrored = text
    void mirrorSession(session).catch(() => undefined)
  }
  mirror()
  subscribeSession(mirror)
  void askForPeriodicRefresh().catch(() => undefined)
  onIdempotentRequest((request, answered) => {
    const done = answered ? forgetRequest(request.key) : handOver(request)
    void done.catch(() => undefined)
  })
  navigator.serviceWorker.addEventListener('message', (event: MessageEvent) => {
    const data = event.data as { type?: unknown } | null
    if (data?.type === 'background-sync:answered') void queryClient.invalidateQueries()
  })
}
