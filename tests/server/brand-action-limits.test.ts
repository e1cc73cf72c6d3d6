/**
 * The brand portal's costly actions are limited per account and per brand (429 RATE_LIMITED with
 * Retry-After): review requests (each lands in the admins' queue), card top-ups (each makes a
 * PaymentIntent at Stripe) and brand applications (each reserves a slug). Thirty in a row from one
 * account, or spread over a brand's members, stop at the limit.
 */
import { eq } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { dealReviewRequests, providerMembers, users } from '#server/db/schema.ts'
import { brandLimits } from '#server/features/brand/brand-limits.ts'
import { call } from '../support/call'
import type { TestApp } from '../support/test-app'
import { makeUser, type TestUser } from '../support/test-users'
import { makeBrand, makeBrandMission, makeMember, type TestBrand, takeMission } from './brand-fixtures'
import { createStripeTestApp, type StripeTestApp } from './stripe-app-fixtures'
import type { StripeStandIn } from './stripe-stand-in'

let stripeApp: StripeTestApp
let stripe: StripeStandIn
let testApp: TestApp

beforeAll(async () => {
  stripeApp = await createStripeTestApp()
  ;({ stripe, testApp } = stripeApp)
})

afterAll(() => stripeApp?.close())

/** The answers' statuses, in order; every refusal is the API's 429 envelope with a Retry-After. */
function statusesOf(answers: LightMyRequestResponse[]): number[] {
  for (const answer of answers.filter((one) => one.statusCode === 429)) {
    expect(answer.json()).toMatchObject({ code: 'RATE_LIMITED', message: expect.any(String) })
    expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0)
  }
  return answers.map((answer) => answer.statusCode)
}

const times = (count: number, status: number) => Array.from({ length: count }, () => status)

async function brandWithMembers(slug: string, count: number) {
  const brand = await makeBrand(testApp.app, slug)
  const members = []
  for (let index = 0; index < count; index += 1)
    members.push(await makeMember(testApp.app, brand, `${slug.replaceAll('-', '_')}_${index}`))
  return { brand, members }
}

/** A mission of the brand with one streamer's deal on it: what a review request names. */
async function dealOf(brand: TestBrand, streamerName: string) {
  const code = await makeBrandMission(testApp.app, brand, { budgetCents: 1000 })
  const dealCode = await takeMission(
    testApp.app,
    await makeUser(testApp.app, { username: streamerName }),
    code,
  )
  return { slug: brand.slug, code, dealCode }
}

async function inTurn(count: number, request: (index: number) => Promise<LightMyRequestResponse>) {
  const answers: LightMyRequestResponse[] = []
  for (let index = 0; index < count; index += 1) answers.push(await request(index))
  return answers
}

test('review requests: 30 from one account stop at 20 an hour, and the members of a brand together at 40', async () => {
  const { brand, members } = await brandWithMembers('review-limits', 3)
  const [first, second, third] = members as [TestUser, TestUser, TestUser]
  const params = await dealOf(brand, 'review_limit_streamer')
  const review = (who: TestUser, index: number) =>
    call(testApp.app, 'brandDealReview', { params, as: who, body: { message: `Odd clicks, look ${index}` } })
  const burst = await inTurn(30, (index) => review(first, index))
  expect(statusesOf(burst)).toEqual([...times(20, 201), ...times(10, 429)])
  const others = await inTurn(30, (index) => review(index % 2 ? third : second, index))
  expect(statusesOf(others)).toEqual([...times(20, 201), ...times(10, 429)])
  const rows = await testApp.app.db
    .select()
    .from(dealReviewRequests)
    .where(eq(dealReviewRequests.providerId, brand.id))
  expect(rows).toHaveLength(brandLimits.reviewBrand.max)
})

test('card top-ups: 30 from one account make 10 PaymentIntents, the members of a brand together 20', async () => {
  const { brand, members } = await brandWithMembers('top-up-limits', 3)
  const [first, second, third] = members as [TestUser, TestUser, TestUser]
  const code = await makeBrandMission(testApp.app, brand, { budgetCents: 1000 })
  const topUp = (who: TestUser) =>
    call(testApp.app, 'brandTopUpCreate', {
      params: { slug: brand.slug, code },
      as: who,
      body: { amount: 500 },
    })
  const made = () => stripe.intents.filter((intent) => intent.metadata.provider === brand.slug).length
  const burst = await inTurn(30, () => topUp(first))
  expect(statusesOf(burst)).toEqual([...times(10, 201), ...times(20, 429)])
  expect(made()).toBe(10)
  const others = await inTurn(30, (index) => topUp(index % 2 ? third : second))
  expect(statusesOf(others)).toEqual([...times(10, 201), ...times(20, 429)])
  expect(made()).toBe(brandLimits.topUpBrand.max)
})

test('brand applications: 30 from one account reserve 5 slugs; a refused one does not count', async () => {
  const applicant = await makeUser(testApp.app, { username: 'apply_limit_brand' })
  await makeBrand(testApp.app, 'taken-slug')
  // A brand account, as signing up with `kind: 'provider'` makes one, its address confirmed.
  await testApp.app.db
    .update(users)
    .set({ kind: 'provider', emailVerifiedAt: new Date() })
    .where(eq(users.id, applicant.id))
  const apply = (body: { name: string; slug: string }) =>
    call(testApp.app, 'brandProviderApply', { as: applicant, body })
  const taken = await apply({ name: 'Taken', slug: 'taken-slug' })
  expect(taken.statusCode).toBe(409)
  const burst = await inTurn(30, (index) => apply({ name: `Applicant ${index}`, slug: `applicant-${index}` }))
  expect(statusesOf(burst)).toEqual([...times(5, 201), ...times(25, 429)])
  const owned = await testApp.app.db
    .select()
    .from(providerMembers)
    .where(eq(providerMembers.userId, applicant.id))
  expect(owned).toHaveLength(brandLimits.applyUser.max)
})
