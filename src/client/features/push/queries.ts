import { queryOptions } from '@tanstack/react-query'
import { fetchPushDevices } from './api'

/** Query options of the push feature. Keys: ['push', username, ...]. */
export const pushQueries = {
  devices: (username: string) =>
    queryOptions({
      queryKey: ['push', username.toLowerCase(), 'devices'] as const,
      queryFn: ({ signal }) => fetchPushDevices(username, signal),
    }),
}
