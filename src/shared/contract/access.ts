/** Admin views of accounts and of the audit log (`/api/admin/users`, `/api/admin/audit`). */
import { type } from 'arktype'
import { AdminAccess, Role, UserKind } from './auth'
import { IsoDateTime, listOf, MediaObject, optionalText, Uuid } from './common'
import type { EndpointSchemas } from './endpoint-schema'

export const AdminUser = type({
  id: Uuid,
  username: 'string',
  email: 'string',
  roles: Role.array(),
  kind: UserKind,
  emailVerified: 'boolean',
  createdAt: IsoDateTime,
  /** The uploaded picture, or null: the list shows initials then. */
  avatar: MediaObject.or('null'),
})
export type AdminUser = typeof AdminUser.infer

export const AuditEntry = type({
  id: 'string',
  actor: 'string | null',
  action: 'string',
  target: 'string',
  details: 'Record<string, unknown> | null',
  /** Refused calls are one row per actor, action and target per hour, counted here (1 otherwise). */
  occurrences: 'number.integer',
  createdAt: IsoDateTime,
  /** The latest of those occurrences (createdAt is the first). */
  lastSeenAt: IsoDateTime,
})
export type AuditEntry = typeof AuditEntry.infer

/** Query values arrive as strings; the limit is parsed by the route (1 to 100). */
const PagingFields = { 'cursor?': optionalText(256), 'limit?': /^\d{1,3}$/ } as const

const AdminUsersQuery = type({ '+': 'delete', 'q?': optionalText(100), ...PagingFields })
export type AdminUsersQuery = typeof AdminUsersQuery.infer

const AdminAuditQuery = type({ '+': 'delete', 'action?': optionalText(64), ...PagingFields })
export type AdminAuditQuery = typeof AdminAuditQuery.infer

/**
 * An optional service this server can run without, whether it is on, and the settings (environment
 * variables, README's configuration table) that switch it on: the admin page says why one is off.
 */
export const AdminIntegration = type({
  name: "'twitch' | 'turnstile' | 'smtp'",
  enabled: 'boolean',
  settings: 'string[]',
})
export type AdminIntegration = typeof AdminIntegration.infer

/** The access rows of the endpoint table: who is admin, the accounts, and the audit log. */
export const accessEndpoints = {
  adminAccess: {
    summary: 'Whether a session token has admin access (the /admin page asks before it opens)',
    response: AdminAccess,
  },
  adminUsers: {
    summary: 'Accounts, newest first, searched by username or e-mail (`q`), paged with `cursor`',
    query: AdminUsersQuery,
    response: listOf(AdminUser),
  },
  adminAudit: {
    summary:
      'The audit log, newest first, of one `action` when asked; refused admin calls are counted per hour',
    query: AdminAuditQuery,
    response: listOf(AuditEntry),
  },
  adminIntegrations: {
    summary: 'The optional services (Twitch, captcha, mail): on or off, and the settings that switch them on',
    response: type({ items: AdminIntegration.array() }),
  },
} as const satisfies Record<string, EndpointSchemas>
