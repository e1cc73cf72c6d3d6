import type { QueryClient } from '@tanstack/react-query'
import { registerQueryRoot } from '#client/lib/offline/query-roots.ts'
import { type LiveHandlers, registerLiveHandlers } from '#client/lib/socket.ts'
import type { BrandMission, BrandMissionResults } from '#shared/contract/brand.ts'
import type { List } from '#shared/contract/common.ts'
import type { BrandBudgetPayload } from '#shared/contract/socket.ts'
import { brandQueries, isPrimaryBrandQuery } from './queries'

/**
 * The brand portal's live side: `brand:budget` comes after every credit, every credit
 * refused over budget and every top-up of the provider's missions. Its figures go into the open
 * results and the missions list at once; the rest of the results (clicks per day, the streamers)
 * is read again shortly after, once for a burst of pushes.
 */

/** 1 s: a busy campaign pushes several times a second; one read per second keeps the rest current. */
const RESULTS_REFRESH_MS = 1000
/** Per cache, the missions whose results are to be read again (`slug/code`). */
const scheduledFor = new WeakMap<QueryClient, Set<string>>()

function refreshResultsSoon(queryClient: QueryClient, slug: string, code: string): void {
  const key = `${slug}/${code}`
  const scheduled = scheduledFor.get(queryClient) ?? new Set<string>()
  scheduledFor.set(queryClient, scheduled)
  if (scheduled.has(key)) return
  scheduled.add(key)
  setTimeout(() => {
    scheduled.delete(key)
    // Started after the pushes it follows, so its answer includes them (a read on its way from
    // before them is replaced, not awaited).
    void queryClient.invalidateQueries({ queryKey: brandQueries.resultsOf(slug, code) })
    // The list shows the mission's status too (an admin may have published it meanwhile).
    void queryClient.invalidateQueries({ queryKey: brandQueries.missions(slug).queryKey })
  }, RESULTS_REFRESH_MS)
}

/** Writes a budget push into the mission's results (every language) and its row of the missions list. */
export function storeBudget(queryClient: QueryClient, budget: BrandBudgetPayload): void {
  const { providerSlug: slug, missionCode: code } = budget
  const shown = queryClient.getQueriesData<BrandMissionResults>({
    queryKey: brandQueries.resultsOf(slug, code),
  })
  // A budget that moved is a top-up: the list of top-ups has a new line.
  if (shown.some(([, results]) => results && results.mission.budgetCents !== budget.budgetCents))
    void queryClient.invalidateQueries({ queryKey: brandQueries.topUps(slug, code).queryKey })
  queryClient.setQueriesData<BrandMissionResults>(
    { queryKey: brandQueries.resultsOf(slug, code) },
    (results) =>
      results
        ? {
            ...results,
            mission: {
              ...results.mission,
              spentCents: budget.spentCents,
              budgetCents: budget.budgetCents,
              remainingCents: budget.remainingCents,
            },
            totals: { ...results.totals, validClicks: budget.validClicks },
          }
        : results,
  )
  queryClient.setQueryData<List<BrandMission>>(brandQueries.missions(slug).queryKey, (list) =>
    list
      ? {
          ...list,
          items: list.items.map((mission) =>
            mission.code === code
              ? {
                  ...mission,
                  spent: budget.spentCents,
                  budget: budget.budgetCents,
                  remaining: budget.remainingCents,
                  validClicks: budget.validClicks,
                }
              : mission,
          ),
        }
      : list,
  )
  if (queryClient.getQueryCache().findAll({ queryKey: brandQueries.resultsOf(slug, code) }).length > 0)
    refreshResultsSoon(queryClient, slug, code)
}

const brandHandlers: LiveHandlers = {
  'brand:budget': (queryClient, budget) => storeBudget(queryClient, budget),
}

/** Registers the brand portal with the socket and the offline machinery (from app-features.ts). */
export function registerBrandLive(): void {
  registerLiveHandlers(brandHandlers)
  registerQueryRoot({ root: brandQueries.all()[0], live: true, isPrimary: isPrimaryBrandQuery })
}
