import { queryOptions } from '@tanstack/react-query'
import { fetchPlatforms } from './api'

/** Query options of the account pages. Keys: ['account', username, ...]. */
export const accountQueries = {
  platforms: (username: string) =>
    queryOptions({
      queryKey: ['account', username.toLowerCase(), 'platforms'] as const,
      queryFn: ({ signal }) => fetchPlatforms(username, signal),
    }),
}
