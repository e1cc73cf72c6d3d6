import { queryOptions } from '@tanstack/react-query'
import type { AuthSettings, Platform } from '../../../shared/contract/auth'
import type { List } from '../../../shared/contract/common'
import { request } from '../../lib/http'

// 1 h: the captcha and Twitch switches change with a redeploy, not during a visit.
const settingsStaleMs = 60 * 60 * 1000

export const authQueries = {
  settings: () =>
    queryOptions({
      queryKey: ['auth', 'settings'] as const,
      queryFn: ({ signal }) => request<AuthSettings, 'authSettings'>('authSettings', { signal }),
      staleTime: settingsStaleMs,
    }),
  platforms: (username: string) =>
    queryOptions({
      queryKey: ['account', username.toLowerCase(), 'platforms'] as const,
      queryFn: ({ signal }) =>
        request<List<Platform>, 'platforms'>('platforms', { params: { username }, signal }),
    }),
}
