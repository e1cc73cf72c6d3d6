/** Tracked-link attacks through `app.inject()`: a viewer (or a script) with a chosen address and agent. */
import { and, eq, isNull, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { expect } from 'vitest'
import { clickIntake, dealEvents, deals } from '#server/db/schema.ts'
import { call } from '../support/call'
import type { TestUser } from '../support/test-users'
import { BROWSER_UA, makeMission } from './deals-fixtures'

export interface Visit {
  ip?: string
  ua?: string
  /** A signed-in viewer's Authorization header. */
  auth?: { authorization: string }
  kind?: 'cpc' | 'check'
}

/** Opens a tracked link (the check call the /redir page makes) and answers the response. */
export const visit = (app: FastifyInstance, mission: string, username: string, options: Visit = {}) =>
  call(app, 'subscriptionCheck', {
    params: { code: mission, username },
    remoteAddress: options.ip ?? '203.0.113.7',
    headers: { 'user-agent': options.ua ?? BROWSER_UA, ...options.auth },
    body: { kind: options.kind ?? 'cpc' },
  })

/** Follows a shared tracked link (`GET /redir/cpc/...`), as a viewer's browser does; answers the 302. */
export const tap = (
  app: FastifyInstance,
  mission: string,
  username: string,
  options: Omit<Visit, 'kind'> & { headers?: Record<string, string>; method?: 'GET' | 'HEAD' } = {},
) =>
  app.inject({
    method: options.method ?? 'GET',
    url: `/redir/cpc/${mission}/${username}`,
    remoteAddress: options.ip ?? '203.0.113.7',
    headers: { 'user-agent': options.ua ?? BROWSER_UA, ...options.auth, ...options.headers },
  })

/** Click rows taken in and not yet settled. */
export async function unsettledClicks(app: FastifyInstance): Promise<number> {
  const [row] = await app.db
    .select({ total: sql<number>`count(*)::int` })
    .from(clickIntake)
    .where(isNull(clickIntake.settledAt))
  return Number(row?.total ?? 0)
}

/** Waits until every click taken in is settled (the settlement runs behind the redirects). */
export async function settlement(app: FastifyInstance): Promise<void> {
  // 30 s in 20 ms steps: a settled batch takes milliseconds, a loaded CI machine many more.
  for (let attempt = 0; attempt < 1500; attempt += 1) {
    if ((await unsettledClicks(app)) === 0) return
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  throw new Error('clicks were still unsettled after 30 s')
}

/** A desktop Chrome agent whose version is `index`: what a script rotates to look like many people. */
export const rotatedAgent = (index: number) =>
  `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${100 + (index % 40)}.0.${index}.0 Safari/537.36`

/** The user takes a new cpc mission (no budget cap, a goal far away unless given). */
export async function takeMission(
  app: FastifyInstance,
  user: Pick<TestUser, 'username' | 'auth'>,
  overrides: Parameters<typeof makeMission>[1] = {},
): Promise<{ mission: string; dealId: string; dealCode: string }> {
  const mission = await makeMission(app, { goal: 100_000, spots: 100, ...overrides })
  const response = await call(app, 'subscriptionCreate', {
    params: { code: mission, username: user.username },
    headers: user.auth,
  })
  expect(response.statusCode).toBe(201)
  const [row] = await app.db.select({ id: deals.id }).from(deals).where(eq(deals.code, response.json().code))
  if (!row) throw new Error('the deal was not stored')
  return { mission, dealId: row.id, dealCode: response.json().code }
}

export async function dealRow(app: FastifyInstance, dealId: string) {
  const [row] = await app.db.select().from(deals).where(eq(deals.id, dealId))
  if (!row) throw new Error(`no deal ${dealId}`)
  return row
}

/** A deal's click rows as stored: reason (null when valid), occurrences. */
export async function clickRows(app: FastifyInstance, dealId: string) {
  return app.db
    .select({ valid: dealEvents.valid, reason: dealEvents.reason, occurrences: dealEvents.occurrences })
    .from(dealEvents)
    .where(and(eq(dealEvents.dealId, dealId), eq(dealEvents.type, 'click')))
    .orderBy(dealEvents.seq)
}

/** Clicks counted per reason ('valid' for credited ones), occurrences included. */
export async function clicksByReason(app: FastifyInstance, dealId: string): Promise<Record<string, number>> {
  const rows = await app.db
    .select({
      reason: dealEvents.reason,
      valid: dealEvents.valid,
      total: sql<number>`sum(${dealEvents.occurrences})::int`,
    })
    .from(dealEvents)
    .where(and(eq(dealEvents.dealId, dealId), eq(dealEvents.type, 'click')))
    .groupBy(dealEvents.reason, dealEvents.valid)
  return Object.fromEntries(rows.map((row) => [row.valid ? 'valid' : (row.reason ?? '?'), Number(row.total)]))
}
