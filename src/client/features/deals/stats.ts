/** A deal's clicks per day for the events chart: loaded with the events page only. */
import { queryOptions } from '@tanstack/react-query'
import { fetchDealStats } from './api'
import { dealStatsKey } from './queries'

export const dealStatsQuery = (username: string, code: string) =>
  queryOptions({
    queryKey: dealStatsKey(username, code),
    queryFn: ({ signal }) => fetchDealStats(username, code, signal),
  })
