/**
 * The wallet's grouped history, its CSV link and the money summary: apart from api.ts and
 * queries.ts, which the socket's wallet pushes load with the first route, so they load with the pages
 * that show them. Their keys start with the wallet's (['wallet', username, ...]): a wallet push
 * invalidates them with the rest of the wallet.
 */
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query'
import type { TransactionKind } from '#shared/contract/wallet.ts'
import { fetchActivity, fetchSummary } from './api'
import { walletQueries } from './queries'

/** A second past the moment: the server's day has surely turned by then, whatever the clocks' skew. */
const CLOCK_REFRESH_MARGIN_MS = 1000

export const walletHistoryQueries = {
  /**
   * The history grouped per deal and day, a page at a time ("Load more"). A wallet push invalidates
   * it with the rest of the wallet: the pages loaded are read again from the first, each after the
   * cursor its predecessor gives, so the first page is always fresh and nothing repeats.
   */
  activity: (username: string, kind?: TransactionKind) =>
    infiniteQueryOptions({
      queryKey: [...walletQueries.all(username), 'activity', kind ?? 'all'] as const,
      queryFn: ({ pageParam, signal }) => fetchActivity(username, { cursor: pageParam, kind }, signal),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (last) => last.nextCursor,
    }),
  /**
   * Today's money at a glance. Beside the wallet pushes, it turns stale with the clock alone: read
   * again just after midnight in the user's time zone, or when the next pending earnings become
   * available, whichever comes first, while a page shows it.
   */
  summary: (username: string) =>
    queryOptions({
      queryKey: [...walletQueries.all(username), 'summary'] as const,
      queryFn: ({ signal }) => fetchSummary(username, signal),
      refetchInterval: (query) => {
        const summary = query.state.data
        if (!summary) return false
        const released = summary.nextAvailableAt
          ? Date.parse(summary.nextAvailableAt)
          : Number.POSITIVE_INFINITY
        const next = Math.min(Date.parse(summary.dayEndsAt), released)
        return Math.max(CLOCK_REFRESH_MARGIN_MS, next - Date.now() + CLOCK_REFRESH_MARGIN_MS)
      },
    }),
}
