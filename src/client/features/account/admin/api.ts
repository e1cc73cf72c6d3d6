import { adminApi as api } from '#client/lib/admin-http.ts'

/** The account admin screens' calls (users, integrations, audit log), apart from the feature's api.ts. */

export function fetchAdminUsers(search: string, signal?: AbortSignal) {
  return api('adminUsers', { query: { q: search || undefined }, signal })
}

export function fetchIntegrations(signal?: AbortSignal) {
  return api('adminIntegrations', { signal })
}

export function fetchAuditLog(signal?: AbortSignal) {
  return api('adminAudit', { signal })
}
