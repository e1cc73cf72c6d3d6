import { onlineManager, type QueryClient } from '@tanstack/react-query'
import { afterEach, beforeAll, beforeEach, expect, test, vi } from 'vitest'
import { registerAppFeatures } from '#client/app-features.ts'
import { takeMission } from '#client/features/deals/mutations.ts'
import { dealQueries, IN_PROGRESS_STATES } from '#client/features/deals/queries.ts'
import { firstScreenKeyFor, firstScreenMaxChars, seedFirstScreen } from '#client/lib/offline/first-screen.ts'
import { wipeUserData } from '#client/lib/offline/logout-wipe.ts'
import { registerMutationDefaults } from '#client/lib/offline/mutation-defaults.ts'
import { startOffline } from '#client/lib/offline/offline-provider.tsx'
import { cacheKeyFor, persistUserCache } from '#client/lib/persister.ts'
import { createQueryClient, queryGcTimeMs } from '#client/lib/query-client.ts'
import { signIn, signOut } from '#client/lib/session.ts'
import type { List } from '#shared/contract/common.ts'
import type { Deal } from '#shared/contract/deals.ts'
import { alice, dealOf, stubApi } from './support/deal-fixtures'
import { idb } from './support/memory-idb'

vi.mock('idb-keyval', () => import('./support/memory-idb'))
vi.mock('#client/lib/toast.ts', () => ({ notify: vi.fn(async () => undefined) }))

const bob = {
  ...alice,
  id: '00000000-0000-4000-8000-000000000002',
  username: 'bob',
  email: 'bob@example.test',
}
const runningList = dealQueries.list('alice', IN_PROGRESS_STATES).queryKey
const running: List<Deal> = { items: [dealOf()], total: 1, page: 1, limit: 20 } as List<Deal>

beforeAll(() => registerAppFeatures())

beforeEach(() => {
  idb.clear()
  localStorage.clear()
  signIn('token-alice', alice)
  onlineManager.setOnline(true)
})

afterEach(() => {
  signOut()
  onlineManager.setOnline(true)
  vi.unstubAllGlobals()
})

/** One app session of alice's that saw her running deals, then closed. */
async function aliceSawHerDeals(): Promise<void> {
  const queryClient = createQueryClient()
  queryClient.setQueryData(runningList, running)
  const stop = persistUserCache(queryClient, alice.id)
  await vi.waitFor(() => expect(localStorage.getItem(firstScreenKeyFor(alice.id))).toContain('Play the demo'))
  stop()
}

test('a cold start has the last deals in the cache synchronously, stale, before IndexedDB answers', async () => {
  await aliceSawHerDeals()
  const reopened = createQueryClient()
  expect(seedFirstScreen(reopened, alice.id, queryGcTimeMs)).toBe(true)
  expect(reopened.getQueryData(runningList)).toEqual(running)
  // Stale: the screen refetches what it shows once online.
  expect(reopened.getQueryState(runningList)?.isInvalidated).toBe(true)
})

test("another user's start never sees them, and logout removes them", async () => {
  await aliceSawHerDeals()
  const bobsStart = createQueryClient()
  expect(seedFirstScreen(bobsStart, bob.id, queryGcTimeMs)).toBe(false)
  expect(bobsStart.getQueryCache().getAll()).toEqual([])

  await wipeUserData(createQueryClient())
  expect(localStorage.getItem(firstScreenKeyFor(alice.id))).toBeNull()
})

test('a save that lands after sign-out is refused', async () => {
  const queryClient = createQueryClient()
  const stop = persistUserCache(queryClient, alice.id)
  signOut()
  queryClient.setQueryData(runningList, running)
  await new Promise((resolve) => setTimeout(resolve, 400))
  stop()
  expect(localStorage.getItem(firstScreenKeyFor(alice.id)) ?? '').not.toContain('Play the demo')
})

test('a cache too large to read quickly is not copied: the start waits for IndexedDB instead', async () => {
  await aliceSawHerDeals()
  const queryClient = createQueryClient()
  const huge = {
    ...running,
    items: [dealOf({ mission: { ...dealOf().mission, description: 'x'.repeat(firstScreenMaxChars) } })],
  }
  queryClient.setQueryData(runningList, huge)
  const stop = persistUserCache(queryClient, alice.id)
  await vi.waitFor(() => expect(localStorage.getItem(firstScreenKeyFor(alice.id))).toBeNull())
  stop()
  expect(seedFirstScreen(createQueryClient(), alice.id, queryGcTimeMs)).toBe(false)
})

test('a copy older than the cache lifetime, or of an older data shape, is not used', async () => {
  await aliceSawHerDeals()
  const key = firstScreenKeyFor(alice.id)
  const saved = JSON.parse(localStorage.getItem(key) ?? '{}')
  localStorage.setItem(key, JSON.stringify({ ...saved, savedAt: Date.now() - queryGcTimeMs - 1 }))
  expect(seedFirstScreen(createQueryClient(), alice.id, queryGcTimeMs)).toBe(false)
  localStorage.setItem(key, JSON.stringify({ ...saved, version: 'v0' }))
  expect(seedFirstScreen(createQueryClient(), alice.id, queryGcTimeMs)).toBe(false)
})

/** Queues a mission taken offline in IndexedDB (and the session's deals in the copy), then closes. */
async function queueOfflineTake(queryClient: QueryClient): Promise<void> {
  registerMutationDefaults(queryClient)
  const stop = persistUserCache(queryClient, alice.id)
  stubApi(() => ({ status: 500, body: {} }))
  onlineManager.setOnline(false)
  await takeMission(queryClient, { username: 'alice', missionCode: 'M-1', missionTitle: 'Play the demo' })
  await vi.waitFor(() => expect(String(idb.get(cacheKeyFor(alice.id)))).toContain('"offline","deals","take"'))
  stop()
}

test('an early render from the copy loses no change queued offline: IndexedDB restores and resumes it', async () => {
  const session = createQueryClient()
  session.setQueryData(runningList, running)
  await queueOfflineTake(session)
  const reopened = createQueryClient()
  const offline = startOffline(reopened)
  expect(offline.firstScreen).toBe(true)
  expect(reopened.getQueryData(runningList)).toEqual(running)
  await offline.restored
  const [queued] = reopened.getMutationCache().getAll()
  expect(queued?.state.variables).toMatchObject({ missionCode: 'M-1' })
  expect(String(idb.get(cacheKeyFor(alice.id)))).toContain('"offline","deals","take"')
})
