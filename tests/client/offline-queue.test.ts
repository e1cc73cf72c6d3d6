import { i18n } from '@lingui/core'
import { onlineManager } from '@tanstack/react-query'
import { afterEach, beforeAll, beforeEach, expect, test, vi } from 'vitest'
import { registerAppFeatures } from '#client/app-features.ts'
import { dealRefusal } from '#client/features/deals/messages.ts'
import { takeMission } from '#client/features/deals/mutations.ts'
import { dealQueries } from '#client/features/deals/queries.ts'
import {
  describeOfflineMutation,
  registerMutationDefaults,
  sendOrQueue,
} from '#client/lib/offline/mutation-defaults.ts'
import { cacheKeyFor, persistUserCache, restoreUserCache } from '#client/lib/persister.ts'
import { createQueryClient } from '#client/lib/query-client.ts'
import { signIn, signOut } from '#client/lib/session.ts'
import { notify } from '#client/lib/toast.ts'
import { alice, dealOf, stubApi } from './support/deal-fixtures'
import { idb } from './support/memory-idb'

vi.mock('idb-keyval', () => import('./support/memory-idb'))
vi.mock('#client/lib/toast.ts', () => ({ notify: vi.fn(async () => undefined) }))

const take = { username: 'alice', missionCode: 'M-1', missionTitle: 'Play the demo' }
const missionFull = {
  status: 409,
  body: { code: 'CONFLICT', message: 'This mission is full', errors: { errors: ['deal.mission_full'] } },
}

beforeAll(() => {
  registerAppFeatures()
})

beforeEach(() => {
  idb.clear()
  vi.mocked(notify).mockClear()
  signIn('token-alice', alice)
  onlineManager.setOnline(true)
})

afterEach(() => {
  signOut()
  onlineManager.setOnline(true)
  vi.unstubAllGlobals()
})

/** Takes the mission offline in one app session, which then closes once the queue is in IndexedDB. */
async function takeOfflineThenClose(): Promise<void> {
  const queryClient = createQueryClient()
  registerMutationDefaults(queryClient)
  const stopPersisting = persistUserCache(queryClient, alice.id)
  const calls = stubApi(() => ({ status: 500, body: {} }))
  onlineManager.setOnline(false)
  const outcome = await takeMission(queryClient, take)
  expect(outcome).toEqual({ queued: true })
  expect(calls).toEqual([])
  const [queued] = queryClient.getMutationCache().getAll()
  expect(queued?.state.isPaused).toBe(true)
  // Persisted at once, not after the throttle: the user may close the app right after tapping.
  await vi.waitFor(() => expect(String(idb.get(cacheKeyFor(alice.id)))).toContain('"offline","deals","take"'))
  stopPersisting()
}

test('a mission taken offline waits, paused, in the persisted cache under its feature’s description', async () => {
  await takeOfflineThenClose()
  const reopened = createQueryClient()
  registerMutationDefaults(reopened)
  await restoreUserCache(reopened, alice.id)
  const [restored] = reopened.getMutationCache().getAll()
  expect(restored?.state.isPaused).toBe(true)
  // Its Idempotency-Key, made when it was queued, is persisted with it: every attempt sends the same one.
  expect(restored?.state.variables).toEqual({
    ...take,
    idempotencyKey: expect.stringMatching(/^[0-9a-f-]{36}$/),
  })
  expect(describeOfflineMutation(restored?.options.mutationKey, restored?.state.variables)).toBe(
    'Take the mission “Play the demo”',
  )
})

test('a queued take sent after a reload stores the new deal and says so', async () => {
  await takeOfflineThenClose()
  const reopened = createQueryClient()
  registerMutationDefaults(reopened)
  await restoreUserCache(reopened, alice.id)
  const deal = dealOf()
  const calls = stubApi(() => ({ status: 201, body: deal }))
  onlineManager.setOnline(true)
  await reopened.resumePausedMutations()
  expect(calls).toContainEqual({ method: 'POST', path: '/api/deals/subscriptions/M-1/alice' })
  // Sent with the key it was queued with: the worker's copy of it, if sent too, is not applied twice.
  const [, init] = vi.mocked(fetch).mock.calls.at(-1) ?? []
  const key = (reopened.getMutationCache().getAll()[0]?.state.variables as { idempotencyKey?: string })
    ?.idempotencyKey
  expect(key).toBeTruthy()
  expect(new Headers(init?.headers).get('idempotency-key')).toBe(key)
  expect(reopened.getQueryData(dealQueries.detail('alice', 'M-1').queryKey)).toEqual(deal)
  expect(notify).toHaveBeenCalledWith('success', 'Sent: Take the mission “Play the demo”')
})

test('a queued take refused once back online is reported with the deals feature’s message', async () => {
  await takeOfflineThenClose()
  const reopened = createQueryClient()
  registerMutationDefaults(reopened)
  await restoreUserCache(reopened, alice.id)
  stubApi(() => missionFull)
  onlineManager.setOnline(true)
  await reopened.resumePausedMutations()
  expect(notify).toHaveBeenCalledWith(
    'error',
    'Not sent: Take the mission “Play the demo”: This mission is full',
  )
})

test('the take button and the offline report translate a refusal with the same message', async () => {
  stubApi(() => missionFull)
  const queryClient = createQueryClient()
  registerMutationDefaults(queryClient)
  // Online, the caller gets the error (the take button shows dealRefusal of it).
  const error = await takeMission(queryClient, take).catch((caught: unknown) => caught)
  expect(dealRefusal(i18n, error)).toBe('This mission is full')
  expect(notify).not.toHaveBeenCalled()
})

test('a change no feature registered is refused at once instead of being queued forever', async () => {
  const queryClient = createQueryClient()
  onlineManager.setOnline(false)
  // @ts-expect-error 'payout' is deliberately not an offline change: money does not move from a queue
  await expect(sendOrQueue(queryClient, 'payout', {})).rejects.toThrow(/not registered/)
  expect(queryClient.getMutationCache().getAll()).toEqual([])
})

test('a restored deal list shows at once and is refetched once the screen needs it: a push after the save is not lost', async () => {
  const before = createQueryClient()
  const stopPersisting = persistUserCache(before, alice.id)
  const list = dealQueries.list('alice', ['inprogress'])
  before.setQueryData(list.queryKey, { items: [dealOf({ progress: 1 })], total: 1 })
  await vi.waitFor(() => expect(String(idb.get(cacheKeyFor(alice.id)))).toContain('"list",["inprogress"]'))
  stopPersisting()

  const reopened = createQueryClient()
  await restoreUserCache(reopened, alice.id)
  expect(reopened.getQueryData(list.queryKey)).toMatchObject({ items: [{ progress: 1 }] })
  const calls = stubApi(() => ({ status: 200, body: { items: [dealOf({ progress: 5 })], total: 1 } }))
  await reopened.ensureQueryData({ ...list, revalidateIfStale: true })
  await vi.waitFor(() =>
    expect(reopened.getQueryData(list.queryKey)).toMatchObject({ items: [{ progress: 5 }] }),
  )
  expect(calls.length).toBeGreaterThan(0)
})

test('a mission already waiting to be taken is not queued a second time', async () => {
  const queryClient = createQueryClient()
  registerMutationDefaults(queryClient)
  stubApi(() => ({ status: 500, body: {} }))
  onlineManager.setOnline(false)
  expect(await takeMission(queryClient, take)).toEqual({ queued: true })
  expect(await takeMission(queryClient, take)).toEqual({ queued: true })
  const waiting = queryClient.getMutationCache().getAll()
  expect(waiting.filter((mutation) => mutation.state.isPaused)).toHaveLength(1)
  // Another mission still queues on its own.
  await takeMission(queryClient, { ...take, missionCode: 'M-2' })
  expect(queryClient.getMutationCache().getAll()).toHaveLength(2)
})
