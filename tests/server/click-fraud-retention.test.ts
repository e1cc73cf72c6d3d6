import { and, eq, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { buildApp } from '#server/app.ts'
import { auditLog, clickIntake, dealEvents } from '#server/db/schema.ts'
import { pruneAttackTraffic } from '#server/features/deals/click-retention.ts'
import { endpoint } from '#shared/endpoints.ts'
import { call } from '../support/call'
import { createTestApp, type TestApp } from '../support/test-app'
import { makeUser, type TestUser } from '../support/test-users'
import { clickRows, takeMission, visit } from './click-fraud-fixtures'

let testApp: TestApp
let streamer: TestUser
let admin: TestUser

beforeAll(async () => {
  testApp = await createTestApp()
  streamer = await makeUser(testApp.app, { username: 'Streamer' })
  admin = await makeUser(testApp.app, { username: 'root', admin: true })
})

afterAll(async () => {
  await testApp?.close()
})

const app = () => testApp.app
const DAY_MS = 86_400_000
const HEADLESS = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 HeadlessChrome/124.0.0.0 Safari/537.36'

test('500 clicks of one script make two rows, not 500: refused as a bot, then as over its limit', async () => {
  const { mission, dealId } = await takeMission(app(), streamer)
  for (let batch = 0; batch < 50; batch += 1) {
    await Promise.all(
      Array.from({ length: 10 }, () =>
        visit(app(), mission, 'streamer', { ip: '192.0.2.200', ua: HEADLESS }),
      ),
    )
  }
  expect(await clickRows(app(), dealId)).toEqual([
    { valid: false, reason: 'bot', occurrences: 30 },
    { valid: false, reason: 'rate_limited', occurrences: 470 },
  ])
  const listed = await call(app(), 'userDealTriggers', {
    params: { username: 'streamer', code: mission },
    headers: streamer.auth,
  })
  const clicks = (listed.json().items as Array<{ type: string; occurrences: number }>).filter(
    (event) => event.type === 'click',
  )
  expect(clicks.map((event) => event.occurrences)).toEqual([470, 30])
})

test('concurrent repeats of one refused click land on one row', async () => {
  const { mission, dealId } = await takeMission(app(), streamer)
  await Promise.all(
    Array.from({ length: 25 }, () =>
      visit(app(), mission, 'streamer', { ip: '192.0.2.201', ua: 'curl/8.5.0' }),
    ),
  )
  expect(await clickRows(app(), dealId)).toEqual([{ valid: false, reason: 'bot', occurrences: 25 }])
})

const deniedRows = () =>
  app()
    .db.select({ target: auditLog.target, occurrences: auditLog.occurrences })
    .from(auditLog)
    .where(and(eq(auditLog.action, 'admin.denied'), eq(auditLog.actorId, streamer.id)))
    .orderBy(auditLog.target)

test('refused admin calls are one audit row per actor, action and target per hour; admin actions one each', async () => {
  // Sent raw: a contract path beside invented ones, as a prober would.
  const calls = [
    ...Array.from({ length: 40 }, () => endpoint('adminUsers')),
    // Invented paths must not invent rows either.
    ...Array.from({ length: 20 }, (_, index) => `/api/admin/nothing-here-${index}`),
  ]
  await Promise.all(
    calls.map(async (url) => {
      const response = await app().inject({ method: 'GET', url, headers: streamer.auth })
      expect([403, 404]).toContain(response.statusCode)
    }),
  )
  // The audit entry is written once the response has gone (onResponse): wait for the last ones.
  const countedPerTarget = async () => {
    const counted: Record<string, number> = {}
    for (const row of await deniedRows()) counted[row.target] = (counted[row.target] ?? 0) + row.occurrences
    return counted
  }
  await expect.poll(countedPerTarget).toEqual({ 'GET (no such route)': 20, 'GET /api/admin/users': 40 })
  // One row per target, or two when the calls straddled the turn of an hour.
  expect((await deniedRows()).length).toBeLessThanOrEqual(4)
  for (let index = 0; index < 3; index += 1) {
    await call(app(), 'adminUsers', { headers: admin.auth })
  }
  const adminRows = () =>
    app()
      .db.select({ occurrences: auditLog.occurrences })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'admin.request'), eq(auditLog.actorId, admin.id)))
  await expect.poll(adminRows).toEqual([{ occurrences: 1 }, { occurrences: 1 }, { occurrences: 1 }])
  const audit = await call(app(), 'adminAudit', { query: { action: 'admin.denied' }, headers: admin.auth })
  expect(audit.json().items).toContainEqual(
    expect.objectContaining({ target: 'GET /api/admin/users', occurrences: 40 }),
  )
})

/** Moves rows' last sighting `days` into the past. */
const age = async (table: typeof dealEvents | typeof auditLog, ids: string[], days: number) => {
  const when = new Date(Date.now() - days * DAY_MS)
  await app().db.execute(
    sql`update ${table} set last_seen_at = ${when.toISOString()}, created_at = ${when.toISOString()} where ${inArray(table.id, ids)}`,
  )
}

test('retention prunes invalid events and refused calls unseen for RETENTION_DAYS, and keeps the rest', async () => {
  const { mission, dealId } = await takeMission(app(), streamer)
  await visit(app(), mission, 'streamer', { ip: '192.0.2.210' })
  await visit(app(), mission, 'streamer', { ip: '192.0.2.210' })
  await visit(app(), mission, 'streamer', { ip: '192.0.2.211', ua: 'curl/8.5.0' })
  const events = await app().db.select().from(dealEvents).where(eq(dealEvents.dealId, dealId))
  const old = events.filter((event) => event.reason !== 'bot').map((event) => event.id)
  await age(dealEvents, old, 31)
  await call(app(), 'adminKyc', { headers: streamer.auth })
  await call(app(), 'adminKyc', { headers: admin.auth })
  const kycAudit = () =>
    app().db.select({ id: auditLog.id }).from(auditLog).where(eq(auditLog.target, 'GET /api/admin/kyc'))
  await expect.poll(async () => (await kycAudit()).length).toBe(2)
  const auditRows = await kycAudit()
  await age(
    auditLog,
    auditRows.map((row) => row.id),
    31,
  )

  const pruned = await pruneAttackTraffic(app().db, 30)
  expect(pruned.dealEvents).toBeGreaterThanOrEqual(1)
  expect(pruned.auditRows).toBeGreaterThanOrEqual(1)
  const left = await app().db.select().from(dealEvents).where(eq(dealEvents.dealId, dealId))
  // The old duplicate is gone; the old valid click and its reward stay, the recent bot click too.
  expect(
    left
      .filter((event) => event.type === 'click')
      .map((event) => event.reason ?? 'valid')
      .sort(),
  ).toEqual(['bot', 'valid'])
  expect(left.some((event) => event.type === 'click' && event.valid && event.amountCents !== null)).toBe(true)
  const kept = await app()
    .db.select({ action: auditLog.action })
    .from(auditLog)
    .where(eq(auditLog.target, 'GET /api/admin/kyc'))
  expect(kept).toEqual([{ action: 'admin.request' }])
})

test('settled clicks leave the intake a day after their settlement; pending ones stay', async () => {
  const { mission, dealId } = await takeMission(app(), streamer)
  await visit(app(), mission, 'streamer', { ip: '192.0.2.230' })
  await visit(app(), mission, 'streamer', { ip: '192.0.2.231' })
  const intake = () => app().db.select().from(clickIntake).where(eq(clickIntake.dealId, dealId))
  const [older, newer] = await intake()
  if (!older || !newer) throw new Error('two clicks were taken in')
  await app()
    .db.update(clickIntake)
    .set({ settledAt: new Date(Date.now() - 2 * DAY_MS) })
    .where(eq(clickIntake.id, older.id))
  // A click nobody settled yet (its node died before it could) is never pruned, however old.
  await app()
    .db.update(clickIntake)
    .set({ settledAt: null, createdAt: new Date(Date.now() - 2 * DAY_MS) })
    .where(eq(clickIntake.id, newer.id))
  const pruned = await pruneAttackTraffic(app().db, 30)
  expect(pruned.settledClicks).toBe(1)
  expect((await intake()).map((row) => row.id)).toEqual([newer.id])
  await app().db.update(clickIntake).set({ settledAt: new Date() }).where(eq(clickIntake.id, newer.id))
})

test('the retention pass runs when a node starts', async () => {
  const { mission, dealId } = await takeMission(app(), streamer)
  await visit(app(), mission, 'streamer', { ip: '192.0.2.220', ua: 'curl/8.5.0' })
  const [row] = await clickRows(app(), dealId)
  expect(row?.reason).toBe('bot')
  const [event] = await app()
    .db.select({ id: dealEvents.id })
    .from(dealEvents)
    .where(and(eq(dealEvents.dealId, dealId), eq(dealEvents.type, 'click')))
  await age(dealEvents, [event?.id ?? ''], app().config.retentionDays + 1)
  // A second node on the same database: its start-up pass prunes, and closing waits for the pass.
  const node = await buildApp({ config: app().config, database: app().database, logger: false })
  await node.ready()
  await node.close()
  expect(await clickRows(app(), dealId)).toEqual([])
})

test('a deal’s events list in writing order even when they share a timestamp', async () => {
  const { mission, dealId } = await takeMission(app(), streamer)
  const at = new Date()
  const reasons = Array.from({ length: 12 }, (_, index) => `reason_${index}`)
  for (const reason of reasons) {
    await app().db.insert(dealEvents).values({ dealId, type: 'click', valid: false, reason, createdAt: at })
  }
  const listed = await call(app(), 'userDealTriggers', {
    params: { username: 'streamer', code: mission },
    headers: streamer.auth,
  })
  const clicks = (listed.json().items as Array<{ type: string; reason: string }>).filter(
    (event) => event.type === 'click',
  )
  expect(clicks.map((event) => event.reason)).toEqual([...reasons].reverse())
})
