/**
 * The service worker's `sync` handler in a worker-like fake: an event target
 * standing for the worker's global scope, a sync event with `waitUntil`, an in-memory queue and
 * token, and a server stand-in that applies each Idempotency-Key once (as the real one does).
 */
import { expect, test } from 'vitest'
import { installBackgroundSync, type SyncIo, sendQueuedActions } from '#client/sw/background-sync.ts'
import { type QueuedRequest, SYNC_TAG } from '#client/sw/sync-store.ts'

const action = (key: string, path: string, body: object | null = null, queuedAt = 0): QueuedRequest => ({
  key,
  method: 'POST',
  url: `https://app.example${path}`,
  body: body === null ? null : JSON.stringify(body),
  acceptLanguage: 'fr',
  queuedAt,
})

type Answer = { status: number; headers?: Record<string, string> } | 'network-down'

/** A worker's surroundings: the queue, the mirrored token, the network, and the open pages. */
function fakeWorld(queue: QueuedRequest[], answerFor: (request: QueuedRequest) => Answer) {
  const stored = new Map(queue.map((request) => [request.key, request]))
  const sent: { url: string; init: RequestInit }[] = []
  const announced: unknown[] = []
  const applied = new Map<string, number>()
  const io: SyncIo = {
    requests: async () => [...stored.values()].sort((a, b) => a.queuedAt - b.queuedAt),
    forget: async (key) => void stored.delete(key),
    token: async () => 'token-alice',
    fetch: async (url, init) => {
      sent.push({ url, init })
      const request = [...stored.values()].find((queued) => queued.url === url)
      const answer = request ? answerFor(request) : { status: 404 }
      if (answer === 'network-down') throw new TypeError('Failed to fetch')
      const key = new Headers(init.headers).get('idempotency-key') ?? ''
      if (answer.status < 300) applied.set(key, (applied.get(key) ?? 0) + 1)
      return new Response('{}', { status: answer.status, headers: answer.headers })
    },
    announce: async (message) => void announced.push(message),
  }
  return { io, stored, sent, announced, applied }
}

test('sends each queued action once, oldest first, with its key, the token, its body and language', async () => {
  const world = fakeWorld(
    [
      action('k-2', '/api/user/alice', { phone: '+33 6' }, 2),
      action('k-1', '/api/deals/subscriptions/M-1/alice', null, 1),
    ],
    () => ({ status: 201 }),
  )
  expect(await sendQueuedActions(world.io)).toEqual({ answered: 2, kept: 0 })
  expect(world.sent.map((call) => call.url)).toEqual([
    'https://app.example/api/deals/subscriptions/M-1/alice',
    'https://app.example/api/user/alice',
  ])
  const [first, second] = world.sent.map((call) => new Headers(call.init.headers))
  expect(first?.get('idempotency-key')).toBe('k-1')
  expect(first?.get('authorization')).toBe('Bearer token-alice')
  expect(first?.get('accept-language')).toBe('fr')
  expect(first?.has('content-type')).toBe(false)
  expect(second?.get('content-type')).toBe('application/json')
  expect(world.sent[1]?.init.body).toBe('{"phone":"+33 6"}')
  expect(world.stored.size).toBe(0)
  expect(world.announced).toHaveLength(2)

  // A second sync finds nothing left: nothing is sent twice.
  await sendQueuedActions(world.io)
  expect(world.sent).toHaveLength(2)
})

test('keeps what failed on the network or may succeed later; drops what the server answered for good', async () => {
  const answers: Record<string, Answer> = {
    '/offline': 'network-down',
    '/server-error': { status: 503 },
    '/still-running': { status: 409, headers: { 'retry-after': '1' } },
    '/signed-out': { status: 401 },
    '/mission-full': { status: 409 },
    '/key-reused': { status: 422 },
    '/taken': { status: 201 },
  }
  const queue = Object.keys(answers).map((path, index) => action(`k${index}`, path, null, index))
  const world = fakeWorld(queue, (request) => answers[new URL(request.url).pathname] ?? { status: 500 })
  expect(await sendQueuedActions(world.io)).toEqual({ answered: 3, kept: 4 })
  expect([...world.stored.values()].map((request) => new URL(request.url).pathname)).toEqual([
    '/offline',
    '/server-error',
    '/still-running',
    '/signed-out',
  ])
  expect(world.announced).toEqual([
    { type: 'background-sync:answered', url: 'https://app.example/mission-full', status: 409 },
    { type: 'background-sync:answered', url: 'https://app.example/key-reused', status: 422 },
    { type: 'background-sync:answered', url: 'https://app.example/taken', status: 201 },
  ])
})

/** The worker's global scope, as far as the handler uses it: an event target. */
function fakeScope() {
  const target = new EventTarget()
  const dispatchSync = async (tag: string) => {
    const waited: Promise<unknown>[] = []
    const event = Object.assign(new Event('sync'), {
      tag,
      lastChance: false,
      waitUntil: (promise: Promise<unknown>) => void waited.push(promise),
    })
    target.dispatchEvent(event)
    return Promise.allSettled(waited)
  }
  return { scope: target as unknown as ServiceWorkerGlobalScope, dispatchSync }
}

test('the sync event sends the queue; it fails while actions are kept, so the browser tries again', async () => {
  let networkUp = false
  const world = fakeWorld([action('take-1', '/api/deals/subscriptions/M-1/alice')], () =>
    networkUp ? { status: 201 } : 'network-down',
  )
  const { scope, dispatchSync } = fakeScope()
  installBackgroundSync(scope, world.io)

  expect(await dispatchSync('some-other-tag')).toEqual([])
  const offline = await dispatchSync(SYNC_TAG)
  expect(offline[0]?.status).toBe('rejected')
  expect(world.stored.size).toBe(1)

  networkUp = true
  const online = await dispatchSync(SYNC_TAG)
  expect(online[0]?.status).toBe('fulfilled')
  expect(world.applied.get('take-1')).toBe(1)
  expect(world.stored.size).toBe(0)
  await dispatchSync(SYNC_TAG)
  expect(world.applied.get('take-1')).toBe(1)
})
