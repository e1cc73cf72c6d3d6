/**
 * The app icon's badge: socket deal events and earnings count as unseen unless the
 * dashboard is in front of the streamer; showing the dashboard clears the count; the count lives in
 * IndexedDB (one number for the page and the worker) and reaches navigator.setAppBadge.
 */
import type { QueryClient } from '@tanstack/react-query'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import type { LiveHandlers } from '#client/lib/socket.ts'
import type { DealEvent } from '#shared/contract/deals.ts'

const stored = new Map<string, unknown>()
vi.mock('idb-keyval', () => ({
  createStore: () => 'badge-store',
  del: async (key: string) => void stored.delete(key),
  update: async (key: string, updater: (value: unknown) => unknown) =>
    void stored.set(key, updater(stored.get(key))),
}))
const handlers: LiveHandlers[] = []
const tasks: ((client: QueryClient) => () => void)[] = []
vi.mock('#client/lib/socket.ts', () => ({ registerLiveHandlers: (h: LiveHandlers) => handlers.push(h) }))
vi.mock('#client/lib/offline/offline-provider.tsx', () => ({
  whileSignedIn: (task: (client: QueryClient) => () => void) => tasks.push(task),
}))

const { addToBadge, clearBadge } = await import('#client/sw/badge.ts')
const { registerUnseenBadge } = await import('#client/features/deals/unseen-badge.ts')

const setAppBadge = vi.fn(async (_count?: number) => undefined)
const clearAppBadge = vi.fn(async () => undefined)
const client = {} as QueryClient

const event = (type: DealEvent['type'], valid = true): DealEvent => ({
  id: `e-${Math.random()}`,
  type,
  valid,
  reason: null,
  amount: null,
  occurrences: 1,
  createdAt: '2026-11-23T10:00:00.000Z',
  lastSeenAt: '2026-11-23T10:00:00.000Z',
})

function push(dealEvent: DealEvent) {
  for (const handler of handlers) handler['deal:event']?.(client, { dealCode: 'D-1', event: dealEvent })
}

beforeEach(() => {
  stored.clear()
  setAppBadge.mockClear()
  clearAppBadge.mockClear()
  Object.assign(navigator, { setAppBadge, clearAppBadge })
  history.pushState(null, '', '/faq')
})
afterEach(() => {
  handlers.length = 0
  tasks.length = 0
})

test('the count is kept in IndexedDB and shown on the icon; clearing empties both', async () => {
  expect(await addToBadge()).toBe(1)
  expect(await addToBadge(2)).toBe(3)
  expect(setAppBadge).toHaveBeenLastCalledWith(3)
  await clearBadge()
  expect(stored.has('unseen')).toBe(false)
  expect(clearAppBadge).toHaveBeenCalled()
})

test('deal events and earnings count while the dashboard is not in front; taking a deal and invalid clicks do not', async () => {
  registerUnseenBadge()
  push(event('click'))
  push(event('credited'))
  push(event('subscribed'))
  push(event('click', false))
  await vi.waitFor(() => expect(stored.get('unseen')).toBe(2))
  expect(setAppBadge).toHaveBeenLastCalledWith(2)

  // On the dashboard the streamer sees them arrive: nothing more is counted.
  history.pushState(null, '', '/dashboard/deal')
  push(event('conversion'))
  await new Promise((resolve) => setTimeout(resolve, 20))
  expect(stored.get('unseen')).toBe(2)
})

test('showing the dashboard clears the badge', async () => {
  stored.set('unseen', 5)
  registerUnseenBadge()
  const stop = tasks.map((task) => task(client))
  expect(stored.get('unseen')).toBe(5)
  history.pushState(null, '', '/dashboard/deal/payment')
  window.dispatchEvent(new PopStateEvent('popstate'))
  await vi.waitFor(() => expect(stored.has('unseen')).toBe(false))
  expect(clearAppBadge).toHaveBeenCalled()
  for (const end of stop) end()
})
