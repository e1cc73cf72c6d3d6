/** A mission's results for its brand: per day, totals, streamers, flags, review, CSV. */
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { auditLog, dealEvents, deals } from '#server/db/schema.ts'
import { resultDays } from '#server/features/brand/brand-results.ts'
import { call } from '../support/call'
import { createTestApp, type TestApp } from '../support/test-app'
import { makeUser, type TestUser } from '../support/test-users'
import {
  clickFrom,
  dealIdOf,
  makeBrand,
  makeBrandMission,
  makeMember,
  type TestBrand,
  takeMission,
} from './brand-fixtures'

let testApp: TestApp
let brand: TestBrand
let owner: TestUser
let admin: TestUser
let alice: TestUser
let trickster: TestUser
let mission: string
let aliceDeal: string
let tricksterDeal: string

beforeAll(async () => {
  testApp = await createTestApp({ seed: false })
  const { app } = testApp
  brand = await makeBrand(app, 'results-brand')
  owner = await makeMember(app, brand, 'results_owner', 'member')
  admin = await makeUser(app, { username: 'results_admin', admin: true })
  alice = await makeUser(app, { username: 'alice_results' })
  // A name a spreadsheet would run as a formula, with a quote and a comma in it (made in the database:
  // sign-up would refuse it, older or imported accounts might not).
  trickster = await makeUser(app, { username: '=HYPERLINK("x",1),b' })
  mission = await makeBrandMission(app, brand, { rewardCents: 30, goal: 2, budgetCents: 1000 })
  aliceDeal = await takeMission(app, alice, mission)
  tricksterDeal = await takeMission(app, trickster, mission)
  // Alice: two valid clicks (her goal, which finishes the deal), then one visitor twice more, refused
  // as the deal is over (one row, two occurrences).
  for (const ip of ['203.0.113.1', '203.0.113.2', '203.0.113.2', '203.0.113.2'])
    await clickFrom(app, mission, alice.username, ip)
  await clickFrom(app, mission, trickster.username, '203.0.113.3')
  // Three days ago and forty days ago: inside and outside the 30-day chart.
  const old = await app.db
    .select({ id: dealEvents.id })
    .from(dealEvents)
    .where(and(eq(dealEvents.dealId, await dealIdOf(app, tricksterDeal)), eq(dealEvents.type, 'click')))
  await app.db
    .update(dealEvents)
    .set({ createdAt: sql`now() - interval '3 days'` })
    .where(eq(dealEvents.id, old[0]?.id ?? ''))
  await app.db.insert(dealEvents).values({
    dealId: await dealIdOf(app, tricksterDeal),
    type: 'click',
    valid: false,
    reason: 'bot',
    createdAt: sql`now() - interval '40 days'`,
  })
  await app.db
    .update(deals)
    .set({ flaggedAt: new Date(), flagReason: 'click_burst' })
    .where(eq(deals.code, tricksterDeal))
})

afterAll(async () => {
  await testApp?.close()
})

const resultsOf = () =>
  call(testApp.app, 'brandMissionResults', { params: { slug: brand.slug, code: mission }, as: owner })

test('results show spend against budget, totals, goals reached and the last 30 UTC days', async () => {
  const response = await resultsOf()
  expect(response.statusCode).toBe(200)
  const results = response.json()
  expect(results.mission).toMatchObject({
    code: mission,
    status: 'published',
    rewardModel: 'cpc',
    budgetCents: 1000,
    spentCents: 90,
    remainingCents: 910,
    currency: 'EUR',
  })
  // The 40-day-old bot click is outside the chart but still an invalid click of the deal.
  expect(results.totals).toEqual({ validClicks: 3, invalidClicks: 3, goalsReached: 1, deals: 2 })
  expect(results.days).toHaveLength(30)
  expect(results.days.map((day: { day: string }) => day.day)).toEqual(resultDays(new Date()))
  const today = results.days.at(-1)
  expect(today).toEqual({
    day: new Date().toISOString().slice(0, 10),
    valid: 2,
    invalid: 2,
    reasons: { deal_not_in_progress: 2 },
  })
  expect(results.days.at(-4)).toMatchObject({ valid: 1, invalid: 0 })
  const total = results.days.reduce((sum: number, day: { valid: number }) => sum + day.valid, 0)
  expect(total).toBe(3)
})

test('the streamers table shows each deal, its clicks, earnings, state and flag', async () => {
  const { streamers } = (await resultsOf()).json()
  expect(streamers).toEqual([
    {
      dealCode: aliceDeal,
      username: 'alice_results',
      state: 'finished',
      validClicks: 2,
      invalidClicks: 2,
      earnedCents: 60,
      flagged: false,
      reviewRequested: false,
    },
    {
      dealCode: tricksterDeal,
      username: trickster.username,
      state: 'inprogress',
      validClicks: 1,
      invalidClicks: 1,
      earnedCents: 30,
      flagged: true,
      reviewRequested: false,
    },
  ])
})

test('a brand asks for a review of a flagged deal: recorded, audited and shown to admins', async () => {
  const review = (dealCode: string, message: string) =>
    call(testApp.app, 'brandDealReview', {
      params: { slug: brand.slug, code: mission, dealCode },
      as: owner,
      body: { message },
    })
  const asked = await review(tricksterDeal, 'Thirty clicks in a minute from one town')
  expect(asked.statusCode).toBe(201)
  expect(asked.json()).toMatchObject({
    dealCode: tricksterDeal,
    message: 'Thirty clicks in a minute from one town',
  })
  const empty = await review(tricksterDeal, '')
  expect(empty.json().errors.children.message.errors).toEqual(['validation.required'])
  const unknown = await review('NOPE1234', 'x')
  expect(unknown.statusCode).toBe(404)

  const row = (await resultsOf()).json().streamers[1]
  expect(row).toMatchObject({ dealCode: tricksterDeal, reviewRequested: true })
  const [entry] = await testApp.app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'deal.review_request'), eq(auditLog.target, `deal:${tricksterDeal}`)))
  expect(entry?.actorId).toBe(owner.id)
  const queue = (
    await call(testApp.app, 'adminDeals', { as: admin, query: { reviewRequested: 'true' } })
  ).json().items
  expect(queue).toEqual([
    expect.objectContaining({
      code: tricksterDeal,
      reviewMessage: 'Thirty clicks in a minute from one town',
      reviewRequestedAt: expect.any(String),
    }),
  ])
})

test('the CSV export is the streamers table, quoted and safe to open in a spreadsheet', async () => {
  const response = await call(testApp.app, 'brandMissionResultsExport', {
    params: { slug: brand.slug, code: mission },
    as: owner,
  })
  expect(response.statusCode).toBe(200)
  expect(response.headers['content-type']).toBe('text/csv; charset=utf-8')
  expect(response.headers['content-disposition']).toContain(`streamdeals-${mission}-streamers.csv`)
  const lines = response.body.replace(/^\uFEFF/, '').split('\r\n')
  expect(lines[0]).toBe(
    'deal,streamer,state,valid_clicks,invalid_clicks,earned,currency,flagged,review_requested',
  )
  expect(lines[1]).toBe(`"${aliceDeal}","alice_results",finished,2,2,0.60,EUR,false,false`)
  // The formula is defused by a leading quote mark, its quotes doubled and its comma kept inside the cell.
  expect(lines[2]).toBe(`"${tricksterDeal}","'=HYPERLINK(""x"",1),b",inprogress,1,1,0.30,EUR,true,true`)
  expect(lines[3]).toBe('')
})
