import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { deals, ledgerEntries, wallets } from '#server/db/schema.ts'
import type { DealState } from '#shared/contract/deals.ts'
import { endpoint } from '#shared/endpoints.ts'
import { call } from '../support/call'
import { createTestApp, type TestApp } from '../support/test-app'
import { makeUser, type TestUser } from '../support/test-users'
import { BROWSER_UA, makeMission } from './deals-fixtures'

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

interface Visit {
  ip?: string
  ua?: string
  kind?: 'cpc' | 'check'
}

const check = (mission: string, username: string, visit: Visit = {}) =>
  call(testApp.app, 'subscriptionCheck', {
    params: { code: mission, username },
    remoteAddress: visit.ip ?? '203.0.113.7',
    headers: { 'user-agent': visit.ua ?? BROWSER_UA },
    body: { kind: visit.kind ?? 'cpc' },
  })

async function takeMission(overrides: Parameters<typeof makeMission>[1], user = streamer) {
  const code = await makeMission(testApp.app, overrides)
  const response = await call(testApp.app, 'subscriptionCreate', {
    params: { code, username: user.username },
    headers: user.auth,
  })
  expect(response.statusCode).toBe(201)
  return { mission: code, deal: response.json() as { code: string } }
}

const dealRow = async (code: string) => {
  const [row] = await testApp.app.db.select().from(deals).where(eq(deals.code, code))
  if (!row) throw new Error(`no deal ${code}`)
  return row
}

const triggers = async (mission: string, user = streamer) =>
  (
    await call(testApp.app, 'userDealTriggers', {
      params: { username: user.username, code: mission },
      headers: user.auth,
    })
  ).json().items as Array<{
    type: string
    valid: boolean
    reason: string | null
    amount: { amount: number } | null
    occurrences: number
  }>

const ledgerFor = async (dealId: string) =>
  testApp.app.db.select().from(ledgerEntries).where(eq(ledgerEntries.dealId, dealId))

test('a valid cpc click credits the ledger, moves progress and answers the integration link', async () => {
  const { mission, deal } = await takeMission({ rewardCents: 25 })
  const response = await check(mission, 'streamer')
  expect(response.statusCode).toBe(200)
  expect(response.json().url).toBe('https://brand.example/go?ref=Streamer')
  const row = await dealRow(deal.code)
  expect(row.progress).toBe(1)
  expect(row.earnedCents).toBe(25)
  const ledger = await ledgerFor(row.id)
  expect(ledger.map((entry) => [entry.kind, entry.amountCents])).toEqual([['earning', 25]])
  const [wallet] = await testApp.app.db.select().from(wallets).where(eq(wallets.userId, streamer.id))
  expect(wallet?.balanceCents).toBeGreaterThanOrEqual(25)
  // One row for the click and what it earned, not a click row and a credit row.
  expect(
    (await triggers(mission)).map((event) => [event.type, event.valid, event.amount?.amount ?? null]),
  ).toEqual([
    ['click', true, 25],
    ['subscribed', true, null],
  ])
})

test('one valid click per visitor per deal in 24 h; other visitors still count', async () => {
  const { mission, deal } = await takeMission({})
  await check(mission, 'streamer')
  await check(mission, 'streamer')
  await check(mission, 'streamer', { ip: '198.51.100.4' })
  const row = await dealRow(deal.code)
  expect(row.progress).toBe(2)
  const clicks = (await triggers(mission)).filter((event) => event.type === 'click')
  expect(clicks.filter((event) => !event.valid).map((event) => event.reason)).toEqual(['duplicate_visitor'])
  expect(clicks.filter((event) => event.valid)).toHaveLength(2)
})

test('obvious bots are recorded invalid and never credited', async () => {
  const { mission, deal } = await takeMission({})
  for (const ua of ['Googlebot/2.1 (+http://www.google.com/bot.html)', 'curl/8.5.0', '']) {
    expect((await check(mission, 'streamer', { ua })).statusCode).toBe(200)
  }
  const row = await dealRow(deal.code)
  expect(row.progress).toBe(0)
  expect(row.earnedCents).toBe(0)
  // One visitor refused three times for one reason: one event counting three.
  const refused = (await triggers(mission))
    .filter((event) => event.type === 'click')
    .map((event) => [event.reason, event.occurrences])
  expect(refused).toEqual([['bot', 3]])
})

test('the check landing records nothing and tells the streamer code', async () => {
  const { mission, deal } = await takeMission({})
  const response = await check(mission, 'STREAMER', { kind: 'check' })
  expect(response.json()).toMatchObject({ username: 'Streamer', creatorCode: expect.stringMatching(/^CC/) })
  expect((await dealRow(deal.code)).progress).toBe(0)
  expect(await triggers(mission)).toHaveLength(1)
})

test('bad check calls get contract errors', async () => {
  const { mission } = await takeMission({})
  const checkUrl = endpoint('subscriptionCheck', { code: mission, username: 'streamer' })
  // No body, then a kind the contract does not have: off the contract, so sent raw.
  const noBody = await testApp.app.inject({ method: 'POST', url: checkUrl })
  expect(noBody.statusCode).toBe(400)
  const otherKind = await testApp.app.inject({
    method: 'POST',
    url: checkUrl,
    remoteAddress: '203.0.113.7',
    headers: { 'user-agent': BROWSER_UA },
    payload: { kind: 'other' },
  })
  expect(otherKind.json().code).toBe('FORM_0001')
  expect((await check('no-such-mission', 'streamer')).statusCode).toBe(404)
  expect((await check(mission, 'nobody')).statusCode).toBe(404)
})

test('clicks over the mission budget are invalid and pay nothing', async () => {
  const { mission, deal } = await takeMission({ rewardCents: 40, budgetCents: 100 })
  for (const ip of ['192.0.2.1', '192.0.2.2', '192.0.2.3']) await check(mission, 'streamer', { ip })
  const row = await dealRow(deal.code)
  expect(row.earnedCents).toBe(80)
  expect(row.progress).toBe(2)
  const invalid = (await triggers(mission)).filter((event) => event.type === 'click' && !event.valid)
  expect(invalid.map((event) => event.reason)).toEqual(['mission_over_budget'])
})

test('reaching the goal of a fixed mission pays the reward once and finishes the deal', async () => {
  const { mission, deal } = await takeMission({ rewardModel: 'fixed', rewardCents: 5000, goal: 2 })
  await check(mission, 'streamer', { ip: '192.0.2.10' })
  expect((await dealRow(deal.code)).earnedCents).toBe(0)
  await check(mission, 'streamer', { ip: '192.0.2.11' })
  const row = await dealRow(deal.code)
  expect(row.state).toBe('finished')
  expect(row.finishedAt).not.toBeNull()
  expect(row.earnedCents).toBe(5000)
  const types = (await triggers(mission)).map((event) => event.type)
  expect(types.slice(0, 4)).toEqual(['finished', 'credited', 'goal_reached', 'click'])
  const late = await check(mission, 'streamer', { ip: '192.0.2.12' })
  expect(late.json().url).toContain('https://brand.example/')
  expect((await triggers(mission))[0]).toMatchObject({
    type: 'click',
    valid: false,
    reason: 'deal_not_in_progress',
  })
  expect(await ledgerFor(row.id)).toHaveLength(1)
})

test('admins finish or stop an in-progress deal, once; other users may not', async () => {
  const { deal } = await takeMission({ rewardModel: 'fixed', rewardCents: 700 })
  const put = (user: TestUser, state: DealState) =>
    call(testApp.app, 'adminDealState', { params: { code: deal.code }, headers: user.auth, body: { state } })
  expect((await put(streamer, 'finished')).statusCode).toBe(403)
  expect((await put(admin, 'inprogress')).statusCode).toBe(409)
  // A state the contract does not have, so sent raw.
  const paused = await testApp.app.inject({
    method: 'PUT',
    url: endpoint('adminDealState', { code: deal.code }),
    headers: admin.auth,
    payload: { state: 'paused' },
  })
  expect(paused.json().code).toBe('FORM_0001')
  const done = await put(admin, 'finished')
  expect(done.statusCode).toBe(200)
  expect(done.json()).toMatchObject({ state: 'finished', earned: { amount: 700 } })
  expect((await put(admin, 'stopped')).statusCode).toBe(409)
  expect((await put(admin, 'finished')).statusCode).toBe(409)
  expect(await ledgerFor((await dealRow(deal.code)).id)).toHaveLength(1)
})

test('concurrent goal clicks, stop and admin finish end in one final state and pay at most once', async () => {
  const owner = await makeUser(testApp.app, { username: 'racer' })
  const { mission, deal } = await takeMission({ rewardModel: 'fixed', rewardCents: 1000, goal: 3 }, owner)
  const requests = [
    ...Array.from({ length: 8 }, (_, index) => check(mission, 'racer', { ip: `10.0.0.${index + 1}` })),
    call(testApp.app, 'userDealStop', { params: { username: 'racer', code: mission }, headers: owner.auth }),
    call(testApp.app, 'adminDealState', {
      params: { code: deal.code },
      headers: admin.auth,
      body: { state: 'finished' },
    }),
  ]
  const responses = await Promise.all(requests)
  for (const response of responses) expect([200, 409]).toContain(response.statusCode)
  const row = await dealRow(deal.code)
  expect(['finished', 'stopped']).toContain(row.state)
  const events = await triggers(mission, owner)
  const finals = events.filter((event) => event.type === 'finished' || event.type === 'stopped')
  expect(finals).toHaveLength(1)
  const ledger = await ledgerFor(row.id)
  expect(ledger.length).toBeLessThanOrEqual(1)
  expect(row.earnedCents).toBe(row.state === 'finished' ? 1000 : 0)
  expect(ledger.reduce((sum, entry) => sum + entry.amountCents, 0)).toBe(row.earnedCents)
  expect(row.progress).toBeLessThanOrEqual(3)
})

test('concurrent cpc clicks never pass the goal nor the budget', async () => {
  const owner = await makeUser(testApp.app, { username: 'crowd' })
  const { mission, deal } = await takeMission({ rewardCents: 30, goal: 5, budgetCents: 120 }, owner)
  await Promise.all(
    Array.from({ length: 12 }, (_, index) => check(mission, 'crowd', { ip: `10.1.0.${index + 1}` })),
  )
  const row = await dealRow(deal.code)
  expect(row.earnedCents).toBe(120)
  expect(row.progress).toBe(4)
  // One earning per settled batch of the deal's clicks, together the four credits.
  const ledger = await ledgerFor(row.id)
  expect(ledger.reduce((sum, entry) => sum + entry.amountCents, 0)).toBe(120)
  const [wallet] = await testApp.app.db
    .select({ balance: wallets.balanceCents })
    .from(wallets)
    .where(and(eq(wallets.userId, owner.id)))
  expect(wallet?.balance).toBe(120)
})
