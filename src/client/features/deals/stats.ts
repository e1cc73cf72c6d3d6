/** A deal's clicks per day for the events chart: loaded with the events page only. */
import { queryOptions } from '@tanstack/react-query'
import { api } from '#client/lib/http.ts'
import { userTimeZone } from '#client/lib/time-zone.ts'
import { dealStatsKey } from './queries'

/** A deal's valid and invalid clicks per day, in the user's day (see lib/time-zone.ts). */
export function fetchDealStats(username: string, missionCode: string, signal?: AbortSignal) {
  return api('userDealStats', {
    params: { username, code: missionCode },
    query: { tz: userTimeZone() },
    signal,
  })
}

export const dealStatsQuery = (username: string, code: string) =>
  queryOptions({
    queryKey: dealStatsKey(username, code),
    queryFn: ({ signal }) => fetchDealStats(username, code, signal),
  })
