import { onlineManager, type QueryClient, QueryObserver } from '@tanstack/react-query'
import { afterEach, beforeAll, beforeEach, expect, test, vi } from 'vitest'
import { registerAppFeatures } from '#client/app-features.ts'
import { stopDeal } from '#client/features/deals/mutations.ts'
import {
  COMPLETED_STATES,
  dealQueries,
  IN_PROGRESS_STATES,
  storeDeal,
} from '#client/features/deals/queries.ts'
import { registerMutationDefaults } from '#client/lib/offline/mutation-defaults.ts'
import { createQueryClient } from '#client/lib/query-client.ts'
import { signIn, signOut } from '#client/lib/session.ts'
import { startLiveUpdates } from '#client/lib/socket.ts'
import type { List } from '#shared/contract/common.ts'
import type { Deal, DealEvent } from '#shared/contract/deals.ts'
import { alice, dealOf, eventOf, stubApi } from './support/deal-fixtures'
import { FakeSocket } from './support/fake-socket'

let socket = new FakeSocket()
vi.mock('socket.io-client', () => ({ io: () => socket }))

const inProgress = dealQueries.list('alice', IN_PROGRESS_STATES).queryKey
const completed = dealQueries.list('alice', COMPLETED_STATES).queryKey
const detail = dealQueries.detail('alice', 'M-1').queryKey
const events = dealQueries.triggers('alice', 'M-1').queryKey

/** A cache as the deal pages leave it: the deal in its detail and in the in-progress list. */
function cacheWith(deal: Deal): QueryClient {
  const queryClient = createQueryClient()
  registerMutationDefaults(queryClient)
  queryClient.setQueryData(detail, deal)
  queryClient.setQueryData(inProgress, { items: [deal], total: 1 })
  queryClient.setQueryData(completed, { items: [], total: 0 })
  queryClient.setQueryData<List<DealEvent>>(events, { items: [], total: 0 })
  return queryClient
}

const snapshot = (queryClient: QueryClient) => ({
  detail: queryClient.getQueryData(detail),
  inProgress: queryClient.getQueryData(inProgress),
  completed: queryClient.getQueryData(completed),
  refetching: queryClient
    .getQueryCache()
    .findAll({ queryKey: dealQueries.lists('alice') })
    .filter((query) => query.state.isInvalidated)
    .map((query) => query.queryKey),
})

/** Opens the signed-in socket the way the deal pages do, with the features' handlers on it. */
async function openLiveSocket(queryClient: QueryClient): Promise<() => void> {
  const release = startLiveUpdates(queryClient)
  await vi.waitFor(() => expect(socket.listeners.has('deal:updated')).toBe(true))
  return release
}

beforeAll(() => {
  registerAppFeatures()
})

beforeEach(() => {
  socket = new FakeSocket()
  onlineManager.setOnline(true)
  signIn('token-alice', alice)
})

afterEach(() => {
  signOut()
  vi.unstubAllGlobals()
})

test('a deal pushed by the socket and the same deal answered over HTTP change the cache alike', async () => {
  const before = dealOf()
  const stopped = dealOf({ state: 'stopped', updatedAt: '2026-01-02T11:00:00.000Z' })

  const pushed = cacheWith(before)
  const release = await openLiveSocket(pushed)
  socket.push('deal:updated', stopped)
  release()

  const answered = cacheWith(before)
  stubApi(() => ({ status: 200, body: stopped }))
  const outcome = await stopDeal(answered, {
    username: 'alice',
    missionCode: 'M-1',
    missionTitle: 'Play the demo',
  })

  expect(outcome).toEqual({ queued: false, result: stopped })
  expect(snapshot(pushed).detail).toEqual(stopped)
  expect(snapshot(pushed).inProgress).toEqual({ items: [stopped], total: 1 })
  expect(snapshot(answered)).toEqual(snapshot(pushed))
})

test('a pushed click updates the deal in place without refetching its lists', async () => {
  const queryClient = cacheWith(dealOf())
  const release = await openLiveSocket(queryClient)
  socket.push('deal:updated', dealOf({ progress: 4, updatedAt: '2026-01-02T10:05:00.000Z' }))
  release()
  expect(queryClient.getQueryData<Deal>(detail)?.progress).toBe(4)
  expect(queryClient.getQueryData<List<Deal>>(inProgress)?.items[0]?.progress).toBe(4)
  expect(snapshot(queryClient).refetching).toEqual([])
})

test('the lists answered before the socket first connected ask again once it has: a push sent meanwhile is lost', async () => {
  const queryClient = cacheWith(dealOf())
  const release = await openLiveSocket(queryClient)
  expect(snapshot(queryClient).refetching).toEqual([])
  // A click settled between the list's answer and the connection reached no room this page was in.
  const afterTheClick = dealOf({ progress: 3, updatedAt: '2026-01-02T10:03:00.000Z' })
  stubApi(() => ({ status: 200, body: { items: [afterTheClick], total: 1 } }))
  try {
    socket.push('connect')
    await vi.waitFor(() => expect(snapshot(queryClient).refetching).toContainEqual(inProgress))
  } finally {
    release()
  }
})

test('a deal finished under the user refetches the lists it leaves and enters, and no other', () => {
  const queryClient = cacheWith(dealOf())
  const everyState = dealQueries.list('alice').queryKey
  queryClient.setQueryData(everyState, { items: [dealOf()], total: 1 })
  const finished = dealOf({ state: 'finished', updatedAt: '2026-01-02T12:00:00.000Z' })
  storeDeal(queryClient, finished)
  expect(queryClient.getQueryData(detail)).toEqual(finished)
  expect(queryClient.getQueryData(everyState)).toEqual({ items: [finished], total: 1 })
  expect(snapshot(queryClient).refetching).toEqual([inProgress, completed])
})

test('an answer older than the deal already cached does not overwrite it', () => {
  const pushed = dealOf({ progress: 9, updatedAt: '2026-01-02T10:09:00.000Z' })
  const queryClient = cacheWith(pushed)
  const kept = storeDeal(queryClient, dealOf({ progress: 8, updatedAt: '2026-01-02T10:08:00.000Z' }))
  expect(kept).toEqual(pushed)
  expect(queryClient.getQueryData(detail)).toEqual(pushed)
})

test('a refetched list seeds each deal’s detail page through the same writer', async () => {
  const queryClient = createQueryClient()
  const fresh = dealOf({ progress: 12 })
  stubApi(() => ({ status: 200, body: { items: [fresh], total: 1 } }))
  await queryClient.fetchQuery(dealQueries.list('alice', IN_PROGRESS_STATES))
  expect(queryClient.getQueryData(detail)).toEqual(fresh)
})

test('a pushed deal event is added to its deal’s events once', async () => {
  const queryClient = cacheWith(dealOf())
  const release = await openLiveSocket(queryClient)
  const click = eventOf({ id: 'E-7' })
  socket.push('deal:event', { dealCode: 'D-1', event: click })
  socket.push('deal:event', { dealCode: 'D-1', event: click })
  socket.push('deal:event', { dealCode: 'D-other', event: eventOf({ id: 'E-8' }) })
  release()
  expect(queryClient.getQueryData(events)).toEqual({ items: [click], total: 1 })
})

test('a pushed event that overtakes its list’s answer is asked for again, not lost under the older answer', async () => {
  const queryClient = cacheWith(dealOf())
  queryClient.removeQueries({ queryKey: events, exact: true })
  const click = eventOf({ id: 'E-9' })
  let answerReadBeforeTheClick: (() => void) | undefined
  let requests = 0
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      requests += 1
      const first = requests === 1
      if (first) await new Promise<void>((resolve) => (answerReadBeforeTheClick = resolve))
      const body = first ? { items: [], total: 0 } : { items: [click], total: 1 }
      return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } })
    }),
  )
  const onScreen = new QueryObserver(queryClient, dealQueries.triggers('alice', 'M-1'))
  const unsubscribe = onScreen.subscribe(() => undefined)
  const release = await openLiveSocket(queryClient)
  try {
    await vi.waitFor(() => expect(answerReadBeforeTheClick).toBeDefined())
    socket.push('deal:event', { dealCode: 'D-1', event: click })
    answerReadBeforeTheClick?.()
    await vi.waitFor(() => expect(queryClient.getQueryData(events)).toEqual({ items: [click], total: 1 }))
  } finally {
    release()
    unsubscribe()
  }
})

test('a wallet push reaches the wallet feature’s handler through the same registry', async () => {
  const queryClient = cacheWith(dealOf())
  queryClient.setQueryData(['wallet', 'alice', 'detail'], null)
  const release = await openLiveSocket(queryClient)
  expect(socket.listeners.has('wallet:updated')).toBe(true)
  socket.push('wallet:updated', { balance: { amount: 50, currency: 'EUR' } })
  release()
  expect(queryClient.getQueryState(['wallet', 'alice', 'detail'])?.isInvalidated).toBe(true)
})
