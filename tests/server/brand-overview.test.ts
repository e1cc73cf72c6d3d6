/**
 * The overview across a brand's missions: spend and clicks per UTC day in a range, cost per valid
 * click, the CSV of the same days, and each running mission's forecast at the last 24 hours' pace.
 * Another brand's clicks never show.
 */
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { dealEvents } from '#server/db/schema.ts'
import { runsOutAt } from '#server/features/brand/brand-overview.ts'
import { endpoint } from '#shared/endpoints.ts'
import { call } from '../support/call'
import { createTestApp, type TestApp } from '../support/test-app'
import { makeUser, type TestUser } from '../support/test-users'
import {
  dealIdOf,
  makeBrand,
  makeBrandMission,
  makeMember,
  type TestBrand,
  takeMission,
} from './brand-fixtures'

let testApp: TestApp
let brand: TestBrand
let member: TestUser
let outsider: TestUser
let paced: string
let paused: string

const dayAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10)

/** Click events straight in the table, `hoursAgo` in the past: valid ones paid `cents` each (credited to the deal). */
async function clicks(dealCode: string, hoursAgo: number, valid: number, refused: number, cents: number) {
  const dealId = await dealIdOf(testApp.app, dealCode)
  const at = sql`now() - make_interval(hours => ${hoursAgo})`
  await testApp.app.db.execute(
    sql`update deals set earned_cents = earned_cents + ${valid * cents} where id = ${dealId}`,
  )
  for (let i = 0; i < valid; i += 1)
    await testApp.app.db
      .insert(dealEvents)
      .values({ dealId, type: 'click', valid: true, amountCents: cents, createdAt: at })
  if (refused > 0)
    await testApp.app.db
      .insert(dealEvents)
      .values({ dealId, type: 'click', valid: false, reason: 'bot', occurrences: refused, createdAt: at })
}

beforeAll(async () => {
  testApp = await createTestApp({ seed: false })
  const { app } = testApp
  brand = await makeBrand(app, 'overview-brand')
  member = await makeMember(app, brand, 'overview_member', 'member')
  const other = await makeBrand(app, 'overview-other')
  outsider = await makeMember(app, other, 'overview_outsider')
  const streamer = await makeUser(app, { username: 'overview_streamer' })
  paced = await makeBrandMission(app, brand, { rewardCents: 50, budgetCents: 10_000 })
  paused = await makeBrandMission(app, brand, { rewardCents: 20, budgetCents: 5_000 })
  const otherMission = await makeBrandMission(app, other, { rewardCents: 99, budgetCents: 5_000 })
  const pacedDeal = await takeMission(app, streamer, paced)
  const pausedDeal = await takeMission(app, streamer, paused)
  // Two hours ago: 4 valid at 50 cents (200 in the last 24 hours), 3 refused.
  await clicks(pacedDeal, 2, 4, 3, 50)
  // Five days ago: 2 valid at 20 cents on the other mission, which is then paused.
  await clicks(pausedDeal, 5 * 24, 2, 0, 20)
  // Forty days ago: outside the default range.
  await clicks(pacedDeal, 40 * 24, 10, 0, 50)
  await clicks(
    await takeMission(app, await makeUser(app, { username: 'overview_other_streamer' }), otherMission),
    1,
    5,
    5,
    99,
  )
  await app.db.execute(sql`update missions set status = 'paused' where code = ${paused}`)
})

afterAll(() => testApp?.close())

const overviewOf = (who: TestUser, query: Record<string, string> = {}) =>
  call(testApp.app, 'brandOverview', { params: { slug: brand.slug }, as: who, query })

test('the last 30 days by default: totals, cost per valid click, one entry per day', async () => {
  const answer = await overviewOf(member)
  expect(answer.statusCode, answer.body).toBe(200)
  const overview = answer.json()
  expect(overview.from).toBe(dayAgo(29))
  expect(overview.to).toBe(dayAgo(0))
  expect(overview.days).toHaveLength(30)
  expect(overview.totals).toEqual({ spentCents: 240, valid: 6, refused: 3, costPerValidCents: 40 })
  const fiveDaysAgo = overview.days.find((day: { day: string }) => day.day === dayAgo(5))
  expect(fiveDaysAgo).toEqual({ day: dayAgo(5), spentCents: 40, valid: 2, refused: 0 })
})

test('the forecast: at the last 24 hours’ pace, a running mission’s remaining budget runs out on a date', async () => {
  const overview = (await overviewOf(member)).json()
  const running = overview.missions.find((mission: { code: string }) => mission.code === paced)
  // The mission spent 200 + 500 (forty days ago): 9,300 left at 200 a day is 46.5 days.
  expect(running).toMatchObject({ lastDayCents: 200, remainingCents: 9_300, status: 'published' })
  const days = (Date.parse(running.runsOutAt) - Date.now()) / 86_400_000
  expect(days).toBeGreaterThan(46.4)
  expect(days).toBeLessThan(46.6)
  const waiting = overview.missions.find((mission: { code: string }) => mission.code === paused)
  expect(waiting.runsOutAt).toBeNull()
  expect(runsOutAt(null, 100, new Date())).toBeNull()
  expect(runsOutAt(1000, 0, new Date())).toBeNull()
})

test('a range of days is checked, and the CSV carries the same days', async () => {
  const range = `from=${dayAgo(6)}&to=${dayAgo(4)}`
  const narrow = (await overviewOf(member, { from: dayAgo(6), to: dayAgo(4) })).json()
  expect(narrow.days.map((day: { day: string }) => day.day)).toEqual([dayAgo(6), dayAgo(5), dayAgo(4)])
  expect(narrow.totals).toEqual({ spentCents: 40, valid: 2, refused: 0, costPerValidCents: 20 })

  // As the page's download link sends it: the session in the query, no header (off the contract: raw).
  const exportUrl = endpoint('brandOverviewExport', { slug: brand.slug })
  const csv = await testApp.app.inject({
    method: 'GET',
    url: `${exportUrl}?${range}&authorization=${encodeURIComponent(member.auth.authorization)}`,
  })
  expect(csv.statusCode).toBe(200)
  expect(csv.headers['content-type']).toContain('text/csv')
  expect(csv.headers['content-disposition']).toContain(
    `streamdeals-${brand.slug}-${dayAgo(6)}-${dayAgo(4)}.csv`,
  )
  expect(csv.body.replace('\uFEFF', '').split('\r\n')).toEqual([
    'day,spent,valid_clicks,refused_clicks,cost_per_valid_click,currency',
    `${dayAgo(6)},0.00,0,0,,EUR`,
    `${dayAgo(5)},0.40,2,0,0.20,EUR`,
    `${dayAgo(4)},0.00,0,0,,EUR`,
    '',
  ])

  for (const bad of [
    `from=${dayAgo(1)}&to=${dayAgo(3)}`,
    'from=2026-02-30',
    'to=yesterday',
    'from=2020-01-01&to=2026-01-01',
  ]) {
    const refused = await overviewOf(member, Object.fromEntries(new URLSearchParams(bad)))
    expect(refused.statusCode, bad).toBe(400)
  }
})

test('another brand’s member reads neither the overview nor its CSV', async () => {
  expect((await overviewOf(outsider)).statusCode).toBe(403)
  const csv = await call(testApp.app, 'brandOverviewExport', { params: { slug: brand.slug }, as: outsider })
  expect(csv.statusCode).toBe(403)
})
