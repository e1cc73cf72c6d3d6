import { queryOptions } from '@tanstack/react-query'
import { fetchAdminUsers, fetchAuditLog, fetchIntegrations } from './api'

/** The accounts and audit tabs of /admin. Keys: ['admin', ...]. */
export const adminAccountQueries = {
  users: (search: string) =>
    queryOptions({
      queryKey: ['admin', 'users', search] as const,
      queryFn: ({ signal }) => fetchAdminUsers(search, signal),
    }),
  integrations: () =>
    queryOptions({
      queryKey: ['admin', 'integrations'] as const,
      queryFn: ({ signal }) => fetchIntegrations(signal),
    }),
  audit: () =>
    queryOptions({
      queryKey: ['admin', 'audit'] as const,
      queryFn: ({ signal }) => fetchAuditLog(signal),
    }),
}
