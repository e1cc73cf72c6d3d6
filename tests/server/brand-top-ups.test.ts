/**
 * Budget top-ups: by card through Stripe (a local stand-in for its API, events signed as
 * Stripe signs them), credited once however the webhook is delivered; and an admin's manual top-up.
 */
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { loadConfig } from '#server/config.ts'
import { auditLog, budgetTopUps, missions } from '#server/db/schema.ts'
import type { BodyInputOf } from '#shared/contract/api.ts'
import { endpoint } from '#shared/endpoints.ts'
import { call } from '../support/call'
import { createTestApp, type TestApp } from '../support/test-app'
import { makeUser, type TestUser } from '../support/test-users'
import { makeBrand, makeBrandMission, makeMember, type TestBrand } from './brand-fixtures'
import { createStripeTestApp, deliverEvent, type StripeTestApp, startBrandTopUp } from './stripe-app-fixtures'
import { type SignedDelivery, STRIPE_TEST_SECRET, type StripeStandIn, signedEvent } from './stripe-stand-in'

let stripeApp: StripeTestApp
let stripe: StripeStandIn
let testApp: TestApp
let brand: TestBrand
let owner: TestUser
let admin: TestUser

beforeAll(async () => {
  stripeApp = await createStripeTestApp()
  ;({ stripe, testApp } = stripeApp)
  brand = await makeBrand(testApp.app, 'top-up-brand')
  owner = await makeMember(testApp.app, brand, 'top_up_owner', 'member')
  admin = await makeUser(testApp.app, { username: 'top_up_admin', admin: true })
})

afterAll(() => stripeApp?.close())

const deliver = (event: SignedDelivery) => deliverEvent(stripeApp, event)
const budgetOf = async (code: string) =>
  (await testApp.app.db.select().from(missions).where(eq(missions.code, code)))[0]?.budgetCents
const cardTopUp = (code: string, who: TestUser, amount: number) =>
  call(testApp.app, 'brandTopUpCreate', { params: { slug: brand.slug, code }, as: who, body: { amount } })
const manualTopUp = (code: string, who: TestUser, body: BodyInputOf<'adminMissionTopUp'>) =>
  call(testApp.app, 'adminMissionTopUp', { params: { code }, as: who, body })

/** A card top-up started by the brand: the server's intent at the stand-in, and its top-up id. */
async function startCardTopUp(code: string, amount: number) {
  const started = await startBrandTopUp(stripeApp, owner, brand.slug, code, amount)
  expect(started.clientSecret).toMatch(new RegExp(`^${started.intent.id}_secret_`))
  return started
}

test('Stripe is configured as a pair, with keys of the right kind and a URL for its API', () => {
  const base = { STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' }
  expect(loadConfig(base).stripe?.api).toEqual({ host: 'api.stripe.com', port: 443, protocol: 'https' })
  expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_1' })).toThrow(/STRIPE_WEBHOOK_SECRET/)
  expect(() => loadConfig({ ...base, STRIPE_SECRET_KEY: 'pk_test_1' })).toThrow(/STRIPE_SECRET_KEY/)
  expect(() => loadConfig({ ...base, STRIPE_WEBHOOK_SECRET: 'nope' })).toThrow(/STRIPE_WEBHOOK_SECRET/)
  expect(() => loadConfig({ ...base, STRIPE_API_URL: 'ftp://x' })).toThrow(/STRIPE_API_URL/)
  expect(loadConfig({}).stripe).toBeUndefined()
})

test('a card top-up makes a PaymentIntent and credits the budget once its signed event arrives, once', async () => {
  const code = await makeBrandMission(testApp.app, brand, { budgetCents: 1000 })
  const { topUpId, intent } = await startCardTopUp(code, 2500)
  expect(intent).toMatchObject({
    amount: 2500,
    currency: 'eur',
    metadata: { missionCode: code, provider: brand.slug },
    idempotencyKey: `top-up-${topUpId}`,
    authorization: `Bearer ${STRIPE_TEST_SECRET}`,
  })
  const listed = await call(testApp.app, 'brandTopUps', { params: { slug: brand.slug, code }, as: owner })
  expect(listed.json().items).toEqual([
    expect.objectContaining({
      id: topUpId,
      amount: 2500,
      source: 'card',
      status: 'pending',
      createdBy: owner.username,
    }),
  ])
  expect(await budgetOf(code)).toBe(1000)

  // Forged: signed with another secret, or not signed at all.
  const forged = signedEvent('payment_intent.succeeded', intent, { secret: 'whsec_attacker' })
  expect((await deliver(forged)).statusCode).toBe(400)
  const unsigned = await deliver({ payload: forged.payload, headers: { 'content-type': 'application/json' } })
  expect(unsigned.statusCode).toBe(400)
  expect(await budgetOf(code)).toBe(1000)

  const event = signedEvent('payment_intent.succeeded', intent)
  const delivered = await deliver(event)
  expect(delivered.statusCode).toBe(200)
  expect(delivered.json()).toEqual({ received: true })
  expect(await budgetOf(code)).toBe(3500)
  expect((await deliver(event)).statusCode).toBe(200)
  expect(await budgetOf(code)).toBe(3500)
  const [row] = await testApp.app.db.select().from(budgetTopUps).where(eq(budgetTopUps.id, topUpId))
  expect(row?.status).toBe('succeeded')
  const audits = await testApp.app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'mission.top_up'), eq(auditLog.target, `mission:${code}`)))
  expect(audits).toHaveLength(1)
})

test('concurrent deliveries of a payment (the same event, and new ids for it) credit it once', async () => {
  const code = await makeBrandMission(testApp.app, brand, { budgetCents: 100 })
  const { intent } = await startCardTopUp(code, 900)
  const same = signedEvent('payment_intent.succeeded', intent)
  const deliveries = [
    ...Array.from({ length: 8 }, () => same),
    ...Array.from({ length: 4 }, () => signedEvent('payment_intent.succeeded', intent)),
  ]
  const answers = await Promise.all(deliveries.map(deliver))
  expect(answers.map((answer) => answer.statusCode)).toEqual(deliveries.map(() => 200))
  expect(await budgetOf(code)).toBe(1000)
})

test('a failed payment marks its top-up failed; an amount Stripe did not take credits nothing', async () => {
  const code = await makeBrandMission(testApp.app, brand, { budgetCents: 100 })
  const failing = await startCardTopUp(code, 300)
  expect((await deliver(signedEvent('payment_intent.payment_failed', failing.intent))).statusCode).toBe(200)
  const [failed] = await testApp.app.db
    .select()
    .from(budgetTopUps)
    .where(eq(budgetTopUps.id, failing.topUpId))
  expect(failed?.status).toBe('failed')
  // Its success arriving later (out of order) credits nothing: it is no longer pending.
  await deliver(signedEvent('payment_intent.succeeded', failing.intent))
  const short = await startCardTopUp(code, 400)
  await deliver(signedEvent('payment_intent.succeeded', { id: short.intent.id, amount: 40 }))
  expect(await budgetOf(code)).toBe(100)
})

test('card top-ups are refused for uncapped and closed missions, and say so when Stripe refuses', async () => {
  const uncapped = await makeBrandMission(testApp.app, brand)
  expect((await cardTopUp(uncapped, owner, 500)).json().errors.errors).toEqual(['mission.no_budget'])
  const closed = await makeBrandMission(testApp.app, brand, { budgetCents: 100, status: 'closed' })
  expect((await cardTopUp(closed, owner, 500)).statusCode).toBe(409)
  const tooSmall = await cardTopUp(closed, owner, 49)
  expect(tooSmall.json().errors.children.amount).toBeDefined()
  const code = await makeBrandMission(testApp.app, brand, { budgetCents: 100 })
  stripe.refuseNext(400)
  const refused = await cardTopUp(code, owner, 500)
  expect(refused.statusCode).toBe(502)
  expect(refused.json().message).not.toContain('Refused')
  const [row] = await testApp.app.db
    .select()
    .from(budgetTopUps)
    .innerJoin(missions, eq(missions.id, budgetTopUps.missionId))
    .where(eq(missions.code, code))
  expect(row?.budget_top_ups.status).toBe('failed')
})

test('an admin records manual top-ups: validated, audited, atomic when several land at once', async () => {
  const code = await makeBrandMission(testApp.app, brand, { budgetCents: 100 })
  const bad = await manualTopUp(code, admin, { amount: 0, reason: '' })
  expect(Object.keys(bad.json().errors.children)).toEqual(expect.arrayContaining(['amount', 'reason']))
  expect((await manualTopUp(code, owner, { amount: 100, reason: 'mine' })).statusCode).toBe(403)
  expect((await manualTopUp('nope', admin, { amount: 100, reason: 'x' })).statusCode).toBe(404)
  const answers = await Promise.all(
    Array.from({ length: 10 }, (_, index) =>
      manualTopUp(code, admin, { amount: 50, reason: `Invoice ${index}` }),
    ),
  )
  expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 201))
  expect(answers[0]?.json()).toMatchObject({
    amount: 50,
    source: 'manual',
    status: 'succeeded',
    createdBy: admin.username,
  })
  expect(await budgetOf(code)).toBe(600)
  const audits = await testApp.app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'mission.top_up'), eq(auditLog.target, `mission:${code}`)))
  expect(audits).toHaveLength(10)
  const uncapped = await makeBrandMission(testApp.app, brand)
  expect((await manualTopUp(uncapped, admin, { amount: 50, reason: 'x' })).statusCode).toBe(409)
})

test('without Stripe keys card top-ups are off (409 payments_off) and the webhook takes nothing', async () => {
  const plain = await createTestApp({ seed: false })
  try {
    const offBrand = await makeBrand(plain.app, 'off-brand')
    const member = await makeMember(plain.app, offBrand, 'off_owner')
    const code = await makeBrandMission(plain.app, offBrand, { budgetCents: 100 })
    const refused = await call(plain.app, 'brandTopUpCreate', {
      params: { slug: 'off-brand', code },
      as: member,
      body: { amount: 500 },
    })
    expect(refused.statusCode).toBe(409)
    expect(refused.json().errors.errors).toEqual(['payments_off'])
    const event = signedEvent('payment_intent.succeeded', { id: 'pi_x', amount: 500 })
    // The event's signed bytes as Stripe sends them: a raw body.
    const webhook = await plain.app.inject({
      method: 'POST',
      url: endpoint('stripeWebhook'),
      headers: event.headers,
      payload: event.payload,
    })
    expect(webhook.statusCode).toBe(409)
  } finally {
    await plain.close()
  }
})
