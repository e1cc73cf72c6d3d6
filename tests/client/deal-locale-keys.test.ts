/**
 * One language everywhere: mission texts are cached per language. A deal read in one
 * language never lands in another language's entries, and each read names its language to the server.
 */
import { QueryClient } from '@tanstack/react-query'
import { afterEach, expect, test, vi } from 'vitest'
import { dealQueries, IN_PROGRESS_STATES, missionQueries, storeDeal } from '#client/features/deals/queries.ts'
import type { List } from '#shared/contract/common.ts'
import type { Deal } from '#shared/contract/deals.ts'
import { dealOf } from './support/deal-fixtures'

const { calls } = vi.hoisted(() => ({ calls: [] as Array<{ name: string; query: unknown }> }))
vi.mock('#client/lib/http.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('#client/lib/http.ts')>()),
  api: async (name: string, options: { query?: unknown } = {}) => {
    calls.push({ name, query: options.query })
    return { items: [], total: 0 }
  },
}))

afterEach(() => {
  calls.length = 0
})

test('every key of a mission read names its language', () => {
  expect(dealQueries.list('alice', IN_PROGRESS_STATES, 'fr').queryKey).toContain('fr')
  expect(dealQueries.detail('alice', 'M-1', 'es').queryKey).toContain('es')
  expect(missionQueries.list({ excludeCurrentUser: true }, 'fr').queryKey).toContain('fr')
  expect(missionQueries.detail('M-1', 'es').queryKey).toContain('es')
  expect(dealQueries.list('alice', IN_PROGRESS_STATES, 'fr').queryKey).not.toEqual(
    dealQueries.list('alice', IN_PROGRESS_STATES, 'en').queryKey,
  )
})

test('each read asks the server for its language explicitly', async () => {
  const queryClient = new QueryClient()
  await queryClient.fetchQuery(dealQueries.list('alice', IN_PROGRESS_STATES, 'fr'))
  await queryClient.fetchQuery(missionQueries.list({ excludeCurrentUser: true }, 'es'))
  expect(calls).toEqual([
    { name: 'userDeals', query: { state: [...IN_PROGRESS_STATES], locale: 'fr' } },
    { name: 'missions', query: { locale: 'es', exclude_current_user: 'true' } },
  ])
})

test('a deal in French fills the French entries only; the English list is read again when shown', () => {
  const queryClient = new QueryClient()
  const english = dealOf({ mission: { ...dealOf().mission, title: 'Play live' } })
  const enList = dealQueries.list('alice', IN_PROGRESS_STATES, 'en').queryKey
  const frList = dealQueries.list('alice', IN_PROGRESS_STATES, 'fr').queryKey
  queryClient.setQueryData<List<Deal>>(enList, { items: [english], total: 1 })
  queryClient.setQueryData<List<Deal>>(frList, { items: [english], total: 1 })

  const french = {
    ...english,
    updatedAt: new Date(Date.now() + 1000).toISOString(),
    mission: { ...english.mission, title: 'Jouez en direct' },
  }
  storeDeal(queryClient, french, 'fr')

  expect(
    queryClient.getQueryData<Deal>(dealQueries.detail('alice', english.mission.code, 'fr').queryKey)?.mission
      .title,
  ).toBe('Jouez en direct')
  expect(
    queryClient.getQueryData(dealQueries.detail('alice', english.mission.code, 'en').queryKey),
  ).toBeUndefined()
  expect(queryClient.getQueryData<List<Deal>>(frList)?.items[0]?.mission.title).toBe('Jouez en direct')
  expect(queryClient.getQueryData<List<Deal>>(enList)?.items[0]?.mission.title).toBe('Play live')
  expect(queryClient.getQueryState(enList)?.isInvalidated).toBe(true)
})
