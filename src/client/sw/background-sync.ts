/// <reference lib="webworker" />
import { forgetRequest, mirroredToken, type QueuedRequest, queuedRequests, SYNC_TAG } from './sync-store'

/**
 * Background Sync: actions queued offline (taking a mission, profile and business
 * edits) are sent when the connection returns even if the app was closed. The page writes each
 * action into the IndexedDB queue with its Idempotency-Key and registers SYNC_TAG
 * (lib/offline/background-sync.ts); the browser fires `sync` here once the network is back. The
 * page's own `online` path may send the same action too: the key makes the server apply it once.
 */

/** What the handler needs from its surroundings; the worker's own by default, fakes in tests. */
export interface SyncIo {
  requests(): Promise<QueuedRequest[]>
  forget(key: string): Promise<void>
  token(): Promise<string | undefined>
  fetch(input: string, init: RequestInit): Promise<Response>
  /** Tells open pages an action was answered, so they read the changed data again. */
  announce(message: SyncAnnouncement): Promise<void>
}

export interface SyncAnnouncement {
  type: 'background-sync:answered'
  url: string
  status: number
}

export interface SyncOutcome {
  answered: number
  kept: number
}

// Answers that may change on a later try: the claim still running (409 with Retry-After), a
// timeout, a rate limit, a session to renew (the key is the user's, a new sign-in sends it). The
// other 4xx are the server's last word on the action (mission full, key reused…), like 2xx.
const RETRY_STATUSES = new Set([401, 408, 425, 429])
const keepFor = (response: Response) =>
  response.status >= 500 ||
  RETRY_STATUSES.has(response.status) ||
  (response.status === 409 && response.headers.has('retry-after'))

/**
 * Sends every queued action once, oldest first: answered ones leave the queue, the ones that failed
 * on the network (or may succeed later) stay for the browser's next `sync`.
 */
export async function sendQueuedActions(io: SyncIo): Promise<SyncOutcome> {
  const outcome: SyncOutcome = { answered: 0, kept: 0 }
  const token = await io.token()
  for (const request of await io.requests()) {
    const headers: Record<string, string> = {
      'Idempotency-Key': request.key,
      'Accept-Language': request.acceptLanguage,
    }
    if (request.body !== null) headers['Content-Type'] = 'application/json'
    if (token) headers.Authorization = `Bearer ${token}`
    let response: Response
    try {
      response = await io.fetch(request.url, { method: request.method, headers, body: request.body })
    } catch {
      outcome.kept += 1
      continue
    }
    if (keepFor(response)) {
      outcome.kept += 1
      continue
    }
    await io.forget(request.key)
    outcome.answered += 1
    await io.announce({ type: 'background-sync:answered', url: request.url, status: response.status })
  }
  return outcome
}

/** The `sync` event (not in TypeScript's worker library: Chromium-only API). */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string
  readonly lastChance: boolean
}

function workerSyncIo(scope: ServiceWorkerGlobalScope): SyncIo {
  return {
    requests: queuedRequests,
    forget: forgetRequest,
    token: mirroredToken,
    fetch: (input, init) => scope.fetch(input, init),
    announce: async (message) => {
      const pages = await scope.clients.matchAll({ type: 'window' })
      for (const page of pages) page.postMessage(message)
    },
  }
}

/**
 * Answers SYNC_TAG: a sync that kept actions fails, so the browser tries again later (with its own
 * back-off, a few times); the page's `online` path remains for the rest.
 */
export function installBackgroundSync(scope: ServiceWorkerGlobalScope, io = workerSyncIo(scope)): void {
  scope.addEventListener('sync', (event) => {
    const sync = event as SyncEvent
    if (sync.tag !== SYNC_TAG) return
    sync.waitUntil(
      sendQueuedActions(io).then((outcome) => {
        if (outcome.kept > 0) throw new Error(`${outcome.kept} queued action(s) kept for the next sync`)
      }),
    )
  })
}

declare const self: ServiceWorkerGlobalScope
// Installed when the worker loads this file (one import line in sw.ts); tests import its functions.
if (typeof ServiceWorkerGlobalScope !== 'undefined' && self instanceof ServiceWorkerGlobalScope) {
  installBackgroundSync(self)
}
