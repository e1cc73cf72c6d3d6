/**
 * Today's summary turns stale with the clock alone (a new day, held earnings released): while a page
 * shows it, it is read again just after the earlier of those moments, and not before.
 */
import { QueryClient } from '@tanstack/react-query'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { walletHistoryQueries } from '#client/features/wallet/history.ts'
import type { WalletSummary } from '#shared/contract/wallet.ts'

const NOW = Date.parse('2026-11-23T20:00:00Z')
const euros = (amount: number) => ({ amount, currency: 'EUR' as const })
const day = { day: '2026-11-23', earned: euros(0), clicks: 0 }
const summary = (overrides: Partial<WalletSummary>): WalletSummary => ({
  today: day,
  days: [day],
  available: euros(0),
  pending: euros(0),
  minimum: euros(5000),
  walletCreated: true,
  nextAvailableAt: null,
  dayEndsAt: '2026-11-23T23:00:00.000Z',
  ...overrides,
})

beforeEach(() => vi.useFakeTimers({ now: NOW, toFake: ['Date'] }))
afterEach(() => vi.useRealTimers())

function refreshDelay(data: WalletSummary): number | false | undefined {
  const client = new QueryClient()
  const options = walletHistoryQueries.summary('alice')
  client.setQueryData(options.queryKey, data)
  const query = client.getQueryCache().find({ queryKey: options.queryKey })
  if (!query || typeof options.refetchInterval !== 'function') throw new Error('no clock refresh')
  return options.refetchInterval(query as never)
}

test('read again a second after midnight in the user’s time zone', () => {
  expect(refreshDelay(summary({}))).toBe(3 * 3600_000 + 1000)
})

test('or a second after the next held earnings are released, when that comes first', () => {
  expect(refreshDelay(summary({ nextAvailableAt: '2026-11-23T20:30:00.000Z' }))).toBe(30 * 60_000 + 1000)
  expect(refreshDelay(summary({ nextAvailableAt: '2026-11-24T08:00:00.000Z' }))).toBe(3 * 3600_000 + 1000)
})

test('a moment already past does not make it read in a loop', () => {
  expect(refreshDelay(summary({ dayEndsAt: '2026-11-23T19:00:00.000Z' }))).toBe(1000)
})
