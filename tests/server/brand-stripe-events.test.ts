/**
 * The Stripe webhook reads only well-formed events signed just now: a signed event missing a field the
 * handler needs (or with one of the wrong type) is refused with 400 and the API's envelope, crediting
 * nothing, instead of crashing into a 500 Stripe retries for three days; a signature dated beyond the
 * tolerance, in the past or in the future, is refused.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { budgetTopUps, missions } from '#server/db/schema.ts'
import type { TestApp } from '../support/test-app'
import type { TestUser } from '../support/test-users'
import { makeBrand, makeBrandMission, makeMember } from './brand-fixtures'
import { createStripeTestApp, deliverEvent, type StripeTestApp, startBrandTopUp } from './stripe-app-fixtures'
import { type SignedDelivery, signedEvent, signedObjectEvent } from './stripe-stand-in'

let stripeApp: StripeTestApp
let testApp: TestApp
let owner: TestUser
let slug: string
let code: string

beforeAll(async () => {
  stripeApp = await createStripeTestApp()
  testApp = stripeApp.testApp
  const brand = await makeBrand(testApp.app, 'events-brand')
  slug = brand.slug
  owner = await makeMember(testApp.app, brand, 'events_owner')
  code = await makeBrandMission(testApp.app, brand, { budgetCents: 1000 })
})

afterAll(() => stripeApp?.close())

const deliver = (event: SignedDelivery) => deliverEvent(stripeApp, event)
const budget = async () =>
  (await testApp.app.db.select().from(missions).where(eq(missions.code, code)))[0]?.budgetCents

const pendingTopUp = (amount: number) => startBrandTopUp(stripeApp, owner, slug, code, amount)

const statusOf = async (topUpId: string) =>
  (await testApp.app.db.select().from(budgetTopUps).where(eq(budgetTopUps.id, topUpId)))[0]?.status

test('a signed payment_intent.succeeded without a currency is refused with 400, nothing credited', async () => {
  const { intent, topUpId } = await pendingTopUp(600)
  const answer = await deliver(
    signedObjectEvent('payment_intent.succeeded', {
      id: intent.id,
      object: 'payment_intent',
      amount: 600,
      amount_received: 600,
    }),
  )
  expect(answer.statusCode).toBe(400)
  expect(answer.json()).toMatchObject({ code: 'BAD_EVENT', message: expect.any(String) })
  expect(answer.json().errors.children.currency).toBeDefined()
  expect(await budget()).toBe(1000)
  expect(await statusOf(topUpId)).toBe('pending')
})

test('odd fields are refused the same way: a currency not in ISO form, amounts of the wrong type', async () => {
  const { intent, topUpId } = await pendingTopUp(700)
  const malformed: Record<string, unknown>[] = [
    { currency: 'EURO', amount_received: 700 },
    { currency: 42, amount_received: 700 },
    { currency: 'eur', amount_received: '700' },
    { currency: 'eur', amount_received: 700.5 },
    { currency: 'eur', amount_received: -700 },
    { currency: 'eur' },
  ]
  for (const fields of malformed) {
    const answer = await deliver(
      signedObjectEvent('payment_intent.succeeded', { id: intent.id, object: 'payment_intent', ...fields }),
    )
    expect(answer.statusCode, JSON.stringify(fields)).toBe(400)
    expect(answer.json().code).toBe('BAD_EVENT')
  }
  const refund = await deliver(
    signedObjectEvent('charge.refunded', {
      id: 'ch_1',
      payment_intent: intent.id,
      amount: 700,
      currency: 'eur',
    }),
  )
  expect(refund.statusCode).toBe(400)
  expect(await budget()).toBe(1000)
  expect(await statusOf(topUpId)).toBe('pending')
  // The well-formed event still credits it afterwards.
  expect((await deliver(signedEvent('payment_intent.succeeded', intent))).statusCode).toBe(200)
  expect(await budget()).toBe(1700)
})

test('a signature dated beyond five minutes, in the future or in the past, is refused with 400', async () => {
  const { intent, topUpId } = await pendingTopUp(800)
  const now = Math.floor(Date.now() / 1000)
  // Just past the window by half a minute: a busy machine may take a second or two to deliver,
  // which must not move the event back inside it.
  for (const timestamp of [now + 3600, now + 330, now - 330, now - 3600]) {
    const answer = await deliver(signedEvent('payment_intent.succeeded', intent, { timestamp }))
    expect(answer.statusCode, String(timestamp - now)).toBe(400)
    expect(answer.json().code).toBe('BAD_SIGNATURE')
  }
  expect(await statusOf(topUpId)).toBe('pending')
  const beforeBudget = await budget()
  // A little clock skew either way is fine.
  const skewed = await deliver(signedEvent('payment_intent.succeeded', intent, { timestamp: now + 30 }))
  expect(skewed.statusCode).toBe(200)
  expect(await budget()).toBe((beforeBudget ?? 0) + 800)
})
