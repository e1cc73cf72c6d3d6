/** Admin views of accounts and of the audit log (`/api/admin/users`, `/api/admin/audit`). */
import { type } from 'arktype'

export interface AdminUser {
  id: string
  username: string
  email: string
  roles: string[]
  kind: string
  emailVerified: boolean
  createdAt: string
}

export interface AuditEntry {
  id: string
  actor: string | null
  action: string
  target: string
  details: Record<string, unknown> | null
  /** Refused calls are one row per actor, action and target per hour, counted here (1 otherwise). */
  occurrences: number
  createdAt: string
  /** The latest of those occurrences (createdAt is the first). */
  lastSeenAt: string
}

/** Query values arrive as strings; the limit is parsed by the route (1 to 100). */
const PagingFields = { 'cursor?': 'string <= 256', 'limit?': /^\d{1,3}$/ } as const

export const AdminUsersQuery = type({ '+': 'delete', 'q?': 'string <= 100', ...PagingFields })
export type AdminUsersQuery = typeof AdminUsersQuery.infer

export const AdminAuditQuery = type({ '+': 'delete', 'action?': 'string <= 64', ...PagingFields })
export type AdminAuditQuery = typeof AdminAuditQuery.infer
