import { queryOptions } from '@tanstack/react-query'
import { request } from '#client/lib/http.ts'
import type { AuthSettings, Platform } from '#shared/contract/auth.ts'
import type { List } from '#shared/contract/common.ts'

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
