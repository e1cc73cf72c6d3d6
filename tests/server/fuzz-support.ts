/**
 * Shared pieces of the fuzzing suites: the identities requests are sent as, a fingerprint of the whole
 * database (to prove rejected input wrote nothing), and the response checks every fuzzed call must pass.
 */
import { eq, sql } from 'drizzle-orm'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { expect } from 'vitest'
import { users } from '#server/db/schema.ts'
import { createSession, resolveSession } from '#server/features/auth/sessions.ts'
import { type EndpointName, endpoints } from '#shared/endpoints.ts'
import { bearer, makeUser, type TestUser } from '../support/test-users'

export type IdentityKind = 'anonymous' | 'user' | 'admin'

export interface Identity {
  kind: IdentityKind
  user: TestUser | null
}

export const endpointNames = Object.keys(endpoints) as EndpointName[]

export async function createIdentities(app: FastifyInstance): Promise<Record<IdentityKind, Identity>> {
  return {
    anonymous: { kind: 'anonymous', user: null },
    user: { kind: 'user', user: await makeUser(app, { via: 'signup' }) },
    admin: { kind: 'admin', user: await makeUser(app, { admin: true }) },
  }
}

export const authHeaders = (identity: Identity): Record<string, string> =>
  identity.user ? { authorization: `Bearer ${identity.user.token}` } : {}

/**
 * After a request the server accepted, the identity may have been changed by it (a fuzzed logout revokes
 * the token, an accepted profile update renames the user): read it back, and sign in again if needed.
 */
export async function refreshIdentity(app: FastifyInstance, identity: Identity): Promise<void> {
  const user = identity.user
  if (!user) return
  const [row] = await app.db.select({ username: users.username }).from(users).where(eq(users.id, user.id))
  if (row) user.username = row.username
  if (!(await resolveSession(app.db, user.token))) {
    const session = await createSession(app.db, user.id)
    user.token = session.token
    user.sessionId = session.sessionId
    user.auth = bearer(user)
  }
}

// Bookkeeping that reads may legitimately touch: the session's last use is refreshed once a minute.
const volatileColumns = new Set(['last_used_at'])
// The audit log records requests, refused ones included (every admin API call is audited, after the
// response): it is meant to grow with any request, so it is no sign of a half-applied change.
const requestRecordTables = new Set(['audit_log'])

/**
 * One string per table of the public schema: its row count and a hash of every row. Tables are read
 * from the catalogue, so tables added later are covered without editing this suite.
 */
export async function databaseFingerprint(app: FastifyInstance): Promise<Record<string, string>> {
  const columns = await app.db.execute<{ table_name: string; column_name: string }>(
    sql`select table_name, column_name from information_schema.columns
        where table_schema = 'public' order by table_name, ordinal_position`,
  )
  const byTable = new Map<string, string[]>()
  for (const { table_name, column_name } of columns.rows) {
    if (volatileColumns.has(column_name) || requestRecordTables.has(table_name)) continue
    byTable.set(table_name, [...(byTable.get(table_name) ?? []), column_name])
  }
  const quote = (name: string) => `"${name.replaceAll('"', '""')}"`
  const parts = [...byTable].map(([table, cols]) => {
    const row = `md5(row(${cols.map(quote).join(', ')})::text)`
    return `select '${table.replaceAll("'", "''")}' as t, count(*)::text || ':' || coalesce(md5(string_agg(${row}, '' order by ${row})), '') as f from ${quote(table)}`
  })
  const result = await app.db.execute<{ t: string; f: string }>(sql.raw(parts.join(' union all ')))
  return Object.fromEntries(result.rows.map((entry) => [entry.t, entry.f]))
}

/** Every fuzzed response: never a 5xx, and every error in the contract's `{ code, message }` shape. */
export function expectContractResponse(response: LightMyRequestResponse, label: string): void {
  expect(
    response.statusCode,
    `${label} answered ${response.statusCode}: ${response.body.slice(0, 300)}`,
  ).toBeLessThan(500)
  if (response.statusCode < 400) return
  expect(String(response.headers['content-type']), `${label}: error content type`).toContain(
    'application/json',
  )
  const body = response.json() as Record<string, unknown>
  expect(typeof body.code, `${label}: error code in ${response.body.slice(0, 200)}`).toBe('string')
  expect(typeof body.message, `${label}: error message in ${response.body.slice(0, 200)}`).toBe('string')
  expect(String(body.message), `${label}: a 4xx message never leaks a stack`).not.toMatch(/\n\s+at /)
}

/** The prototype pollution canaries the payloads try to set. */
export const canaryKeys = ['polluted', 'isAdmin', 'fuzzCanary'] as const

export function expectCleanPrototypes(): void {
  const probe: Record<string, unknown> = {}
  for (const key of canaryKeys) {
    expect(probe[key], `Object.prototype.${key}`).toBeUndefined()
    expect(Object.hasOwn(Object.prototype, key)).toBe(false)
    expect(Object.hasOwn(Array.prototype, key)).toBe(false)
  }
}
