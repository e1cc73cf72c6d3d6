/**
 * A card top-up taken back after it was credited: Stripe's refunds (cumulative) and disputes move the
 * mission's budget once, however the events are delivered (replayed, 50 at once, out of order); a
 * mission left over budget pauses; the brand's top-ups list and the audit log say why.
 */
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { auditLog, missions } from '#server/db/schema.ts'
import type { Mail, Mailer } from '#server/lib/mailer.ts'
import { call } from '../support/call'
import type { TestApp } from '../support/test-app'
import { makeUser, type TestUser } from '../support/test-users'
import { clickFrom, makeBrand, makeBrandMission, makeMember, takeMission } from './brand-fixtures'
import { createStripeTestApp, deliverEvent, type StripeTestApp, startBrandTopUp } from './stripe-app-fixtures'
import { disputeEvent, refundEvent, type SignedDelivery, signedEvent } from './stripe-stand-in'

let stripeApp: StripeTestApp
let testApp: TestApp
let brandCount = 0
const mails: Mail[] = []
const mailer: Mailer = {
  kind: 'outbox',
  send: async (mail) => {
    mails.push(mail)
  },
  close: () => {},
}

beforeAll(async () => {
  stripeApp = await createStripeTestApp({ mailer })
  testApp = stripeApp.testApp
})

afterAll(() => stripeApp?.close())

const deliver = (event: SignedDelivery) => deliverEvent(stripeApp, event)
const missionOf = async (code: string) =>
  (await testApp.app.db.select().from(missions).where(eq(missions.code, code)))[0]
const budgetOf = async (code: string) => (await missionOf(code))?.budgetCents

/** A brand of its own (with its owner) for each test: the portal's limits count per brand and account. */
async function freshBrand() {
  brandCount += 1
  const brand = await makeBrand(testApp.app, `refund-brand-${brandCount}`)
  const owner = await makeMember(testApp.app, brand, `refund_owner_${brandCount}`)
  return { brand, owner }
}

/** A card top-up of `amount` on a new mission of `budget`, paid and credited: budget + amount. */
async function creditedTopUp(budget: number, amount: number, overrides: { rewardCents?: number } = {}) {
  const { brand, owner } = await freshBrand()
  const code = await makeBrandMission(testApp.app, brand, { budgetCents: budget, ...overrides })
  const { intent } = await startBrandTopUp(stripeApp, owner, brand.slug, code, amount)
  expect((await deliver(signedEvent('payment_intent.succeeded', intent))).statusCode).toBe(200)
  expect(await budgetOf(code)).toBe(budget + amount)
  const listTopUps = async () =>
    (await call(testApp.app, 'brandTopUps', { params: { slug: brand.slug, code }, as: owner })).json().items
  return { code, intent, owner, listTopUps }
}

/** The mails an owner received so far, once the one expected has arrived (they go after the commit). */
async function mailsTo(owner: TestUser, expected: number): Promise<Mail[]> {
  const mine = () => mails.filter((mail) => mail.to === `${owner.username.toLowerCase()}@example.test`)
  for (let tries = 0; tries < 100 && mine().length < expected; tries += 1)
    await new Promise((resolve) => setTimeout(resolve, 20))
  // A moment longer: a second mail that should not exist would have arrived by now.
  await new Promise((resolve) => setTimeout(resolve, 100))
  return mine()
}

const auditsOf = (code: string, action: string) =>
  testApp.app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.target, `mission:${code}`)))

test('a full refund takes the top-up out of the budget once, replayed or delivered 50 times at once', async () => {
  const { code, intent, owner, listTopUps } = await creditedTopUp(1000, 2500)
  const refund = refundEvent(intent, 2500)
  const answers = await Promise.all([
    ...Array.from({ length: 25 }, () => deliver(refund)),
    // New event ids for the same refund, as Stripe's retries of a resent event would carry.
    ...Array.from({ length: 25 }, () => deliver(refundEvent(intent, 2500))),
  ])
  expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 200))
  expect(await budgetOf(code)).toBe(1000)
  expect((await deliver(refund)).statusCode).toBe(200)
  expect(await budgetOf(code)).toBe(1000)

  expect(await listTopUps()).toEqual([
    expect.objectContaining({ amount: 2500, status: 'refunded', refunded: 2500, disputed: 0, dispute: null }),
  ])
  const audits = await auditsOf(code, 'mission.top_up_refund')
  expect(audits.map((row) => row.details)).toEqual([
    expect.objectContaining({ amount: 2500, refunded: 2500, budgetChange: -2500 }),
  ])
  // Its owner is told once, with the amount and the budget left.
  const told = await mailsTo(owner, 1)
  expect(told).toHaveLength(1)
  expect(told[0]?.subject).toMatch(/was refunded$/)
  expect(told[0]?.text).toContain(`/missions/${code}`)
  expect(told[0]?.text).toMatch(/25[.,]00/)
  expect(told[0]?.text).toMatch(/budget is now .*10[.,]00/)
})

test('a partial refund then the rest: each part counted once, an older event arriving late moves nothing', async () => {
  const { code, intent, listTopUps } = await creditedTopUp(1000, 2500)
  const partial = refundEvent(intent, 1000)
  expect((await deliver(partial)).statusCode).toBe(200)
  expect(await budgetOf(code)).toBe(2500)
  expect((await listTopUps())[0]).toMatchObject({ status: 'refunded', refunded: 1000 })
  expect((await deliver(partial)).statusCode).toBe(200)
  expect(await budgetOf(code)).toBe(2500)

  expect((await deliver(refundEvent(intent, 2500))).statusCode).toBe(200)
  expect(await budgetOf(code)).toBe(1000)
  // The partial refund's event again, after the full one: Stripe's total never goes back.
  expect((await deliver(partial)).statusCode).toBe(200)
  expect(await budgetOf(code)).toBe(1000)
  expect((await listTopUps())[0]).toMatchObject({ status: 'refunded', refunded: 2500 })
  expect(await auditsOf(code, 'mission.top_up_refund')).toHaveLength(2)
})

test('a dispute takes its amount back when opened and gives it back when won; a lost one keeps it taken', async () => {
  const won = await creditedTopUp(1000, 2500)
  const opened = disputeEvent('charge.dispute.created', won.intent, {
    amount: 2500,
    status: 'needs_response',
  })
  await Promise.all(Array.from({ length: 10 }, () => deliver(opened)))
  expect(await budgetOf(won.code)).toBe(1000)
  expect((await won.listTopUps())[0]).toMatchObject({ status: 'disputed', disputed: 2500, dispute: 'open' })
  const closedWon = disputeEvent('charge.dispute.closed', won.intent, { amount: 2500, status: 'won' })
  await Promise.all(Array.from({ length: 10 }, () => deliver(closedWon)))
  expect(await budgetOf(won.code)).toBe(3500)
  expect((await won.listTopUps())[0]).toMatchObject({ status: 'succeeded', disputed: 0, dispute: 'won' })
  // A late replay of the opening, after the win: settled, nothing moves.
  expect((await deliver(opened)).statusCode).toBe(200)
  expect(await budgetOf(won.code)).toBe(3500)
  const changes = (await auditsOf(won.code, 'mission.top_up_dispute')).map((row) => row.details)
  expect(changes).toEqual([
    expect.objectContaining({ dispute: 'open', budgetChange: -2500 }),
    expect.objectContaining({ dispute: 'won', budgetChange: 2500 }),
  ])

  const lost = await creditedTopUp(1000, 2500)
  await deliver(
    disputeEvent('charge.dispute.created', lost.intent, { amount: 2500, status: 'needs_response' }),
  )
  await deliver(disputeEvent('charge.dispute.closed', lost.intent, { amount: 2500, status: 'lost' }))
  expect(await budgetOf(lost.code)).toBe(1000)
  expect((await lost.listTopUps())[0]).toMatchObject({ status: 'disputed', disputed: 2500, dispute: 'lost' })
})

test('a refund that leaves a mission over budget pauses it, audited; it leaves the catalogue', async () => {
  const { code, intent, owner } = await creditedTopUp(100, 500, { rewardCents: 25 })
  // Six valid clicks at 25 cents: 150 spent, over the 100 the budget comes back to without the top-up.
  const streamer = await makeUser(testApp.app, { username: `refund_streamer_${brandCount}` })
  await takeMission(testApp.app, streamer, code)
  for (let index = 1; index <= 6; index += 1)
    expect((await clickFrom(testApp.app, code, streamer.username, `198.51.100.${index}`)).statusCode).toBe(
      200,
    )
  expect((await missionOf(code))?.status).toBe('published')
  const catalogueText = async () => JSON.stringify((await call(testApp.app, 'missions')).json())
  expect(await catalogueText()).toContain(code)

  expect((await deliver(refundEvent(intent, 500))).statusCode).toBe(200)
  const mission = await missionOf(code)
  expect(mission).toMatchObject({ budgetCents: 100, status: 'paused' })
  expect((await auditsOf(code, 'mission.state')).map((row) => row.details)).toEqual([
    { status: 'paused', by: 'over_budget' },
  ])
  expect(await catalogueText()).not.toContain(code)
  // The brand's list of its missions says so, beside what was spent.
  const slug = `refund-brand-${brandCount}`
  const listed = (await call(testApp.app, 'brandMissions', { params: { slug }, as: owner })).json()
  expect(listed.items).toEqual([expect.objectContaining({ code, status: 'paused', spent: 150 })])
  const [told] = await mailsTo(owner, 1)
  expect(told?.text).toContain('so it is paused')
})

test('a refund delivered before the payment succeeded: the success credits only what was kept', async () => {
  const { brand, owner } = await freshBrand()
  const code = await makeBrandMission(testApp.app, brand, { budgetCents: 100 })
  const { intent } = await startBrandTopUp(stripeApp, owner, brand.slug, code, 800)
  expect((await deliver(refundEvent(intent, 300))).statusCode).toBe(200)
  expect(await budgetOf(code)).toBe(100)
  expect((await deliver(signedEvent('payment_intent.succeeded', intent))).statusCode).toBe(200)
  expect(await budgetOf(code)).toBe(600)
})

test('the admin audit listing shows the refund and the dispute with their amounts', async () => {
  const admin: TestUser = await makeUser(testApp.app, { username: 'refund_admin', admin: true })
  const { code, intent } = await creditedTopUp(1000, 700)
  await deliver(refundEvent(intent, 200))
  await deliver(disputeEvent('charge.dispute.created', intent, { amount: 500, status: 'needs_response' }))
  expect(await budgetOf(code)).toBe(1000)
  const answer = await call(testApp.app, 'adminAudit', { as: admin })
  expect(answer.statusCode).toBe(200)
  const mine = (answer.json().items as { action: string; target: string }[]).filter(
    (row) => row.target === `mission:${code}`,
  )
  expect(mine.map((row) => row.action).sort()).toEqual([
    'mission.top_up',
    'mission.top_up_dispute',
    'mission.top_up_refund',
  ])
})
