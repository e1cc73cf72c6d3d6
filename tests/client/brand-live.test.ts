/**
 * `brand:budget` into the cache: the open results (every language) and the missions list
 * take the pushed spend at once, and the rest of the results is read again shortly after, once for a
 * burst of pushes.
 */
import { QueryClient } from '@tanstack/react-query'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { storeBudget } from '#client/features/brand/live.ts'
import { brandQueries } from '#client/features/brand/queries.ts'
import type { BrandMission, BrandMissionResults } from '#shared/contract/brand.ts'

const results = (code: string): BrandMissionResults => ({
  mission: {
    code,
    title: 'Launch',
    status: 'published',
    rewardModel: 'cpc',
    rewardCents: 25,
    goal: 100,
    spots: 5,
    budgetCents: 1000,
    spentCents: 0,
    remainingCents: 1000,
    currency: 'EUR',
  },
  totals: { validClicks: 0, invalidClicks: 0, goalsReached: 0, deals: 1 },
  days: [],
  streamers: [],
})

const listed = (code: string) =>
  ({ code, spent: 0, budget: 1000, remaining: 1000, validClicks: 0 }) as unknown as BrandMission

const push = (code: string, spentCents: number) => ({
  providerSlug: 'nova-games',
  missionCode: code,
  spentCents,
  budgetCents: 1000,
  remainingCents: 1000 - spentCents,
  validClicks: spentCents / 25,
})

let queryClient: QueryClient

beforeEach(() => {
  vi.useFakeTimers()
  queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } })
  for (const locale of ['en', 'fr'] as const)
    queryClient.setQueryData(brandQueries.results('nova-games', 'launch', locale).queryKey, results('launch'))
  queryClient.setQueryData(brandQueries.results('nova-games', 'other', 'en').queryKey, results('other'))
  queryClient.setQueryData(brandQueries.missions('nova-games').queryKey, {
    items: [listed('launch'), listed('other')],
  })
})

afterEach(() => {
  vi.useRealTimers()
  queryClient.clear()
})

test('a budget push shows in the results of every language and in the missions list at once', () => {
  storeBudget(queryClient, push('launch', 50))
  for (const locale of ['en', 'fr'] as const) {
    const shown = queryClient.getQueryData(brandQueries.results('nova-games', 'launch', locale).queryKey)
    expect(shown?.mission).toMatchObject({ spentCents: 50, remainingCents: 950, budgetCents: 1000 })
    expect(shown?.totals.validClicks).toBe(2)
  }
  const list = queryClient.getQueryData(brandQueries.missions('nova-games').queryKey)
  expect(list?.items.map((mission) => [mission.code, mission.spent, mission.remaining])).toEqual([
    ['launch', 50, 950],
    ['other', 0, 1000],
  ])
  // Another mission's results are left alone.
  const other = queryClient.getQueryData(brandQueries.results('nova-games', 'other', 'en').queryKey)
  expect(other?.mission.spentCents).toBe(0)
})

test('a burst of pushes reads the rest of the results (and the list) again once, a second later', () => {
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries')
  storeBudget(queryClient, push('launch', 25))
  storeBudget(queryClient, push('launch', 50))
  storeBudget(queryClient, push('launch', 75))
  expect(invalidate).not.toHaveBeenCalled()
  vi.advanceTimersByTime(1000)
  // Once each: the mission's results, and the missions list (whose statuses may have moved too).
  expect(invalidate.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([
    brandQueries.resultsOf('nova-games', 'launch'),
    brandQueries.missions('nova-games').queryKey,
  ])
})

test('a push whose budget moved (a top-up) reads the top-ups again; a credit does not', () => {
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries')
  storeBudget(queryClient, push('launch', 25))
  expect(invalidate).not.toHaveBeenCalled()
  storeBudget(queryClient, { ...push('launch', 25), budgetCents: 2000, remainingCents: 1975 })
  expect(invalidate).toHaveBeenCalledWith({ queryKey: brandQueries.topUps('nova-games', 'launch').queryKey })
})
