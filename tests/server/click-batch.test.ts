/**
 * One settled batch holding what a raid brings at once: a visitor twice, the goal reached halfway, the
 * budget spent halfway. The clicks are taken in through the intake (the redirect's own append) in one
 * group, so the settlement claims them all together and applies the rules to them in one transaction;
 * one ledger entry for the deal proves they were one batch. Then the burst flag counting visitors, not
 * rows. Runs on both databases.
 */
import { and, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { clickIntake, dealEvents, deals, ledgerEntries } from '#server/db/schema.ts'
import { appendClick } from '#server/features/deals/click-intake.ts'
import { listCreditedEvents } from '#server/features/deals/deals-repository.ts'
import { creditsReward } from '#shared/deal-ledger.ts'
import { call } from '../support/call'
import { createTestApp, type TestApp } from '../support/test-app'
import { makeUser, type TestUser } from '../support/test-users'
import { clickRows, dealRow, settlement, takeMission, tap } from './click-fraud-fixtures'
import { BROWSER_UA } from './deals-fixtures'

let testApp: TestApp
let streamer: TestUser

beforeAll(async () => {
  testApp = await createTestApp()
  streamer = await makeUser(testApp.app, { username: 'Batcher' })
})

afterAll(async () => {
  await testApp?.close()
})

const app = () => testApp.app

/** Takes the clicks in as one group of the intake (one insert, so one batch), in this order. */
async function takeInTogether(dealId: string | string[], addresses: string[]): Promise<void> {
  const dealOf = (index: number) =>
    Array.isArray(dealId) ? (dealId[index % dealId.length] as string) : dealId
  await Promise.all(
    addresses.map((ip, index) =>
      appendClick(app().db, {
        dealId: dealOf(index),
        ip,
        userAgent: BROWSER_UA,
        viewerId: null,
        rateLimited: false,
      }),
    ),
  )
  await settlement(app())
}

const ledgerOf = (dealId: string) =>
  app().db.select().from(ledgerEntries).where(eq(ledgerEntries.dealId, dealId))

test('a batch crossing the goal halfway: a visitor twice in it counts once, the deal finishes exactly at its goal', async () => {
  const { dealId } = await takeMission(app(), streamer, { goal: 4 })
  // 198.51.100.2 twice, then the goal at the 4th distinct visitor; the last two find the deal finished.
  const addresses = ['1', '2', '2', '3', '4', '5', '6'].map((last) => `198.51.100.${last}`)
  await takeInTogether(dealId, addresses)

  expect(await dealRow(app(), dealId)).toMatchObject({ state: 'finished', progress: 4, earnedCents: 100 })
  expect((await clickRows(app(), dealId)).map((row) => row.reason ?? 'valid')).toEqual([
    'valid',
    'valid',
    'duplicate_visitor',
    'valid',
    'valid',
    'deal_not_in_progress',
    'deal_not_in_progress',
  ])
  const ledger = await ledgerOf(dealId)
  expect(ledger.map((entry) => entry.amountCents)).toEqual([100])
  // The earnings statement keeps a line per credited click, the click's own row carrying its reward
  // (no second row per click); the goal follows the click that reached it.
  const events = await app()
    .db.select({ type: dealEvents.type, valid: dealEvents.valid, amountCents: dealEvents.amountCents })
    .from(dealEvents)
    .where(eq(dealEvents.dealId, dealId))
    .orderBy(dealEvents.seq)
  const types = events.map((event) => event.type)
  const paid = events.filter((event) => event.type === 'click' && event.valid)
  expect(paid.map((event) => event.amountCents)).toEqual([25, 25, 25, 25])
  expect(types).not.toContain('credited')
  expect((await listCreditedEvents(app().db, dealId)).map((event) => event.amountCents)).toEqual([
    25, 25, 25, 25,
  ])
  const lastPaid = events.findLastIndex((event) => event.type === 'click' && event.valid)
  expect(types.indexOf('goal_reached')).toBeGreaterThan(lastPaid)
  expect(types.lastIndexOf('click')).toBeGreaterThan(types.indexOf('finished'))
})

test('a batch crossing the budget halfway: nothing is credited past the last cent', async () => {
  // Three clicks of budget: the 4th and 5th distinct visitors are over it.
  const { dealId } = await takeMission(app(), streamer, { budgetCents: 3 * 25 })
  const addresses = ['1', '1', '2', '3', '4', '5'].map((last) => `198.51.101.${last}`)
  await takeInTogether(dealId, addresses)

  expect(await dealRow(app(), dealId)).toMatchObject({ state: 'inprogress', progress: 3, earnedCents: 75 })
  expect((await clickRows(app(), dealId)).map((row) => row.reason ?? 'valid')).toEqual([
    'valid',
    'duplicate_visitor',
    'valid',
    'valid',
    'mission_over_budget',
    'mission_over_budget',
  ])
  expect((await ledgerOf(dealId)).map((entry) => entry.amountCents)).toEqual([75])
})

test('one batch across two streamers’ deals of a mission spends its budget in arrival order, to the cent', async () => {
  // Five clicks of budget for both deals: taps alternate between them; the 6th and later are over it.
  const { mission, dealId: first } = await takeMission(app(), streamer, { budgetCents: 5 * 25 })
  const partner = await makeUser(app(), { username: 'BatchPartner' })
  const taken = await call(app(), 'subscriptionCreate', {
    params: { code: mission, username: partner.username },
    headers: partner.auth,
  })
  expect(taken.statusCode).toBe(201)
  const [second] = await app()
    .db.select({ id: deals.id })
    .from(deals)
    .where(eq(deals.code, taken.json().code))
  if (!second) throw new Error('the partner’s deal was not stored')
  const addresses = ['1', '2', '3', '4', '5', '6', '7', '8'].map((last) => `198.51.104.${last}`)
  await takeInTogether([first, second.id], addresses)

  expect(await dealRow(app(), first)).toMatchObject({ progress: 3, earnedCents: 75 })
  expect(await dealRow(app(), second.id)).toMatchObject({ progress: 2, earnedCents: 50 })
  expect((await clickRows(app(), first)).map((row) => row.reason ?? 'valid')).toEqual([
    'valid',
    'valid',
    'valid',
    'mission_over_budget',
  ])
  expect((await clickRows(app(), second.id)).map((row) => row.reason ?? 'valid')).toEqual([
    'valid',
    'valid',
    'mission_over_budget',
    'mission_over_budget',
  ])
  // One ledger entry per deal for the batch.
  expect((await ledgerOf(first)).map((entry) => entry.amountCents)).toEqual([75])
  expect((await ledgerOf(second.id)).map((entry) => entry.amountCents)).toEqual([50])
})

test('a click whose deal is gone before it is settled leaves the backlog, credited to nobody', async () => {
  const { dealId } = await takeMission(app(), streamer)
  await app().db.delete(deals).where(eq(deals.id, dealId))
  // The intake has no foreign key (a raid's taps share no lock on the deal): the row outlives its deal.
  const id = await appendClick(app().db, {
    dealId,
    ip: '198.51.105.1',
    userAgent: BROWSER_UA,
    viewerId: null,
    rateLimited: false,
  })
  await settlement(app())
  const [row] = await app().db.select().from(clickIntake).where(eq(clickIntake.id, id))
  expect(row?.settledAt).toBeInstanceOf(Date)
  expect(await app().db.select().from(dealEvents).where(eq(dealEvents.dealId, dealId))).toEqual([])
})

test('a visitor refused again in the same batch adds to one row', async () => {
  const { dealId } = await takeMission(app(), streamer)
  await takeInTogether(
    dealId,
    Array.from({ length: 5 }, () => '198.51.102.9'),
  )
  expect(await clickRows(app(), dealId)).toEqual([
    { valid: true, reason: null, occurrences: 1 },
    { valid: false, reason: 'duplicate_visitor', occurrences: 4 },
  ])
  // A later batch adds to that row too.
  await takeInTogether(dealId, ['198.51.102.9', '198.51.102.9'])
  expect((await clickRows(app(), dealId))[1]).toMatchObject({ occurrences: 6 })
})

test('the burst flag counts distinct visitors: a visitor’s several valid clicks in the window are one', async () => {
  const { mission, dealId } = await takeMission(app(), streamer)
  // 40 valid clicks in the last minutes, from 20 visitors (each twice, as their history holds them).
  const visitors = Array.from({ length: 20 }, (_, index) => `seeded-visitor-${index}`)
  await app()
    .db.insert(dealEvents)
    .values(
      [...visitors, ...visitors].map((visitorHash) => ({
        dealId,
        type: 'click' as const,
        visitorHash,
        createdAt: new Date(Date.now() - 60_000),
      })),
    )
  await app().db.update(deals).set({ progress: 40 }).where(eq(deals.id, dealId))
  // 21 visitors in the window and 20 clicks before them: far below 10 × that pace, no burst.
  const answer = await tap(app(), mission, streamer.username, { ip: '198.51.103.1' })
  expect(answer.statusCode).toBe(302)
  await settlement(app())
  const row = await dealRow(app(), dealId)
  expect(row.progress).toBe(41)
  expect(row.flaggedAt).toBeNull()
  const seeded = await app()
    .db.select({ id: dealEvents.id })
    .from(dealEvents)
    .where(and(eq(dealEvents.dealId, dealId), inArray(dealEvents.visitorHash, visitors)))
  expect(seeded).toHaveLength(40)
})

test('the earnings statement and the webhook count the same rewards: one rule, in SQL and in code', async () => {
  const { dealId } = await takeMission(app(), streamer)
  const kinds = [
    { type: 'click' as const, valid: true, amountCents: 25 },
    { type: 'click' as const, valid: true, amountCents: null },
    { type: 'click' as const, valid: false, amountCents: 25 },
    { type: 'credited' as const, valid: true, amountCents: 500 },
    { type: 'goal_reached' as const, valid: true, amountCents: null },
  ]
  await app()
    .db.insert(dealEvents)
    .values(kinds.map((kind) => ({ dealId, ...kind })))
  const written = await app().db.select().from(dealEvents).where(eq(dealEvents.dealId, dealId))
  const listed = await listCreditedEvents(app().db, dealId)
  expect(listed.map((event) => event.amountCents)).toEqual([25, 500])
  expect(listed.map((event) => event.id).sort()).toEqual(
    written
      .filter(creditsReward)
      .map((event) => event.id)
      .sort(),
  )
})
