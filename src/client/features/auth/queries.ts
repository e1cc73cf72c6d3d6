import { queryOptions } from '@tanstack/react-query'
import { fetchAuthSettings } from './api'

// 1 h: the captcha and Twitch switches change with a redeploy, not during a visit.
const settingsStaleMs = 60 * 60 * 1000

export const authQueries = {
  settings: () =>
    queryOptions({
      queryKey: ['auth', 'settings'] as const,
      queryFn: ({ signal }) => fetchAuthSettings(signal),
      staleTime: settingsStaleMs,
    }),
}
