/**
 * Which events queue a notification, through the operators' and streamers' own endpoints: a payout
 * marked paid or failed, a certification verified or refused, a deal stopped. Each is queued in the
 * event's transaction, once: a second verdict on the same payout (409) queues nothing.
 */
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { kycDocuments, pushOutbox, wallets } from '#server/db/schema.ts'
import { call } from '../support/call'
import { createTestApp, type TestApp } from '../support/test-app'
import { makeUser, type TestUser } from '../support/test-users'
import { makeMission } from './deals-fixtures'
import { createWallet, payableUser } from './wallet-fixtures'

let t: TestApp
let admin: TestUser

beforeAll(async () => {
  // Earnings available at once: the payout needs money to draw on.
  t = await createTestApp({ env: { EARNINGS_HOLD_HOURS: '0' } })
  admin = await makeUser(t.app, { admin: true })
})
afterAll(() => t.close())

const queued = (userId: string) =>
  t.app.db
    .select({ kind: pushOutbox.kind, payload: pushOutbox.payload })
    .from(pushOutbox)
    .where(eq(pushOutbox.userId, userId))

test('a payout marked paid queues "payout paid" with its amount, once', async () => {
  const { user } = await payableUser(t.app, 5000)
  const requested = await call(t.app, 'walletPayout', {
    params: { username: user.username },
    as: user,
    headers: { 'idempotency-key': 'push-payout' },
    body: { amount: 2000 },
  })
  expect(requested.statusCode).toBe(201)
  const id = requested.answer().id
  const settle = (status: 'paid' | 'failed') =>
    call(t.app, 'adminPayoutUpdate', { params: { id }, as: admin, body: { status } })
  expect((await settle('paid')).statusCode).toBe(200)
  expect((await settle('failed')).statusCode).toBe(409)
  expect(await queued(user.id)).toEqual([{ kind: 'payout_paid', payload: { amountCents: 2000 } }])
})

test('a certification verified or refused queues its verdict', async () => {
  for (const status of ['verified', 'rejected'] as const) {
    const user = await makeUser(t.app)
    await createWallet(t.app, user)
    const [wallet] = await t.app.db
      .select({ id: wallets.id })
      .from(wallets)
      .where(eq(wallets.userId, user.id))
    if (!wallet) throw new Error('no wallet')
    const [document] = await t.app.db
      .insert(kycDocuments)
      .values({
        walletId: wallet.id,
        kind: 'identity',
        storedName: 'x.pdf',
        mimeType: 'application/pdf',
        sizeBytes: 10,
      })
      .returning({ id: kycDocuments.id })
    const reviewed = await call(t.app, 'adminKycReview', {
      params: { id: document?.id ?? '' },
      as: admin,
      body: status === 'rejected' ? { status, reason: 'Blurred scan' } : { status },
    })
    expect(reviewed.statusCode).toBe(200)
    expect(await queued(user.id)).toEqual([{ kind: `certification_${status}`, payload: {} }])
  }
})

test('a deal its streamer stops queues "deal stopped" with the mission title', async () => {
  const user = await makeUser(t.app)
  const code = await makeMission(t.app, { title: { en: 'Speedrun night', fr: 'Soirée speedrun' } })
  const deal = await call(t.app, 'subscriptionCreate', {
    params: { code, username: user.username },
    as: user,
  })
  const dealCode = deal.answer().code
  const stopped = await call(t.app, 'adminDealState', {
    params: { code: dealCode },
    as: admin,
    body: { state: 'stopped' },
  })
  expect(stopped.statusCode).toBe(200)
  const rows = await t.app.db
    .select({ kind: pushOutbox.kind, payload: pushOutbox.payload })
    .from(pushOutbox)
    .where(and(eq(pushOutbox.userId, user.id), eq(pushOutbox.kind, 'deal_stopped')))
  expect(rows).toEqual([
    {
      kind: 'deal_stopped',
      payload: { dealCode, missionTitle: { en: 'Speedrun night', fr: 'Soirée speedrun' } },
    },
  ])
})
