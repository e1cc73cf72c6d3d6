/**
 * The worker's periodic refresh in a worker-like fake: the persisted query cache
 * as lib/persister.ts writes it, the mirrored session, and an API stand-in.
 */
import { expect, test } from 'vitest'
import {
  persistedCacheKey,
  type RefreshIo,
  refreshPersistedCache,
  refreshUrl,
} from '#client/sw/periodic-refresh.ts'
import type { MirroredSession } from '#client/sw/sync-store.ts'

const alice: MirroredSession = { token: 'token-alice', userId: 'u-alice', username: 'Alice' }
const NOW = 1_800_000_000_000
const old = { dataUpdatedAt: 1000, status: 'success' }

const dealList = ['deals', 'user', 'alice', 'list', ['inprogress'], 'fr']
const walletDetail = ['wallet', 'alice', 'detail']
const transactions = ['wallet', 'alice', 'transactions']
const someoneElsesList = ['deals', 'user', 'bob', 'list', [], 'en']

function persistedCache() {
  return JSON.stringify({
    buster: 'v3',
    timestamp: 1000,
    clientState: {
      mutations: [],
      queries: [
        { queryKey: dealList, queryHash: 'a', state: { ...old, data: { items: [], total: 0 } } },
        { queryKey: walletDetail, queryHash: 'b', state: { ...old, data: { balance: 1 } } },
        { queryKey: transactions, queryHash: 'c', state: { ...old, data: { items: ['kept'] } } },
        { queryKey: someoneElsesList, queryHash: 'd', state: { ...old, data: { items: ['bob'] } } },
      ],
    },
  })
}

function fakeWorld(options: { session?: MirroredSession; appOpen?: boolean; down?: boolean } = {}) {
  const caches = new Map([[persistedCacheKey(alice.userId), persistedCache()]])
  const calls: { url: string; headers: Headers }[] = []
  let session: MirroredSession | undefined = 'session' in options ? options.session : alice
  const io: RefreshIo = {
    session: async () => session,
    readCache: async (key) => caches.get(key),
    writeCache: async (key, value) => void caches.set(key, value),
    fetch: async (url, init) => {
      calls.push({ url, headers: new Headers(init.headers) })
      if (options.down) return new Response('', { status: 503 })
      const body = url.includes('/missions') ? { items: [{ code: 'D-1' }], total: 1 } : { balance: 42 }
      return Response.json(body)
    },
    appOpen: async () => options.appOpen ?? false,
    now: () => NOW,
  }
  const stored = () => JSON.parse(caches.get(persistedCacheKey(alice.userId)) ?? '{}')
  const signOut = () => {
    session = undefined
  }
  return { io, calls, stored, signOut }
}

const dataOf = (
  cache: { clientState: { queries: { queryKey: unknown[]; state: { data: unknown } }[] } },
  key: unknown[],
) => cache.clientState.queries.find((query) => JSON.stringify(query.queryKey) === JSON.stringify(key))?.state

test('the signed-in user’s deal lists and wallet are refreshed in the persisted cache, nothing else', async () => {
  const world = fakeWorld()
  expect(await refreshPersistedCache(world.io)).toBe(2)
  expect(world.calls.map((call) => call.url)).toEqual([
    '/api/deals/user/Alice/missions?state=inprogress&locale=fr',
    '/api/wallets/user/Alice',
  ])
  expect(world.calls[0]?.headers.get('authorization')).toBe('Bearer token-alice')
  expect(world.calls[0]?.headers.get('accept-language')).toBe('fr')
  const cache = world.stored()
  expect(cache.timestamp).toBe(NOW)
  expect(dataOf(cache, dealList)).toMatchObject({ data: { items: [{ code: 'D-1' }] }, dataUpdatedAt: NOW })
  expect(dataOf(cache, walletDetail)).toMatchObject({ data: { balance: 42 }, dataUpdatedAt: NOW })
  expect(dataOf(cache, transactions)).toMatchObject({ data: { items: ['kept'] }, dataUpdatedAt: 1000 })
  expect(dataOf(cache, someoneElsesList)).toMatchObject({ data: { items: ['bob'] }, dataUpdatedAt: 1000 })
})

test('nothing is fetched signed out or while the app is open; a failed fetch keeps the old data', async () => {
  const signedOut = fakeWorld({ session: undefined })
  expect(await refreshPersistedCache(signedOut.io)).toBe(0)
  expect(signedOut.calls).toEqual([])

  const open = fakeWorld({ appOpen: true })
  expect(await refreshPersistedCache(open.io)).toBe(0)
  expect(open.calls).toEqual([])

  const down = fakeWorld({ down: true })
  expect(await refreshPersistedCache(down.io)).toBe(0)
  expect(down.stored().timestamp).toBe(1000)
})

test('a logout during the refresh leaves the wiped cache wiped', async () => {
  const world = fakeWorld()
  const fetch = world.io.fetch
  world.io.fetch = async (url, init) => {
    world.signOut()
    return fetch(url, init)
  }
  expect(await refreshPersistedCache(world.io)).toBe(0)
  expect(world.stored().timestamp).toBe(1000)
})

test('only the user’s own first-screen queries map to a request', () => {
  expect(refreshUrl(dealList, 'alice')).toBe('/api/deals/user/alice/missions?state=inprogress&locale=fr')
  expect(refreshUrl(someoneElsesList, 'alice')).toBeNull()
  expect(refreshUrl(transactions, 'alice')).toBeNull()
  expect(refreshUrl(['deals', 'user', 'alice', 'detail', 'M-1', 'fr'], 'alice')).toBeNull()
})
