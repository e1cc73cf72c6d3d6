/**
 * Earnings holds: click and goal earnings are pending for EARNINGS_HOLD_HOURS and
 * only then payable; adjustments are available at once; an admin can reject a flagged deal's pending
 * earnings, which reverses them with the reason. Races are in wallet-hold-races.test.ts.
 */
import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { auditLog, deals, ledgerEntries } from '#server/db/schema.ts'
import type { Wallet } from '#shared/contract/wallet.ts'
import { call } from '../support/call'
import { createTestApp, type TestApp } from '../support/test-app'
import { makeUser, type TestUser } from '../support/test-users'
import {
  creditDeal,
  dealFor,
  endHold,
  flagDeal,
  ledgerState,
  payableUser,
  readWallet,
  storedWallet,
  viewerClick,
} from './wallet-fixtures'

const HOLD_HOURS = 72
const HOUR_MS = 3_600_000
// A minute: the time between the credit and the read, on a loaded CI machine, with room to spare.
const CLOCK_SLACK_MS = 60_000

let t: TestApp
let admin: TestUser
beforeAll(async () => {
  t = await createTestApp({ env: { EARNINGS_HOLD_HOURS: String(HOLD_HOURS), MIN_PAYOUT_CENTS: '100' } })
  admin = await makeUser(t.app, { admin: true })
})
afterAll(() => t.close())

const walletOf = (user: TestUser) => readWallet(t.app, user)

const payout = (user: TestUser, amount: number) =>
  call(t.app, 'walletPayout', {
    params: { username: user.username },
    as: user,
    headers: { 'idempotency-key': randomUUID() },
    body: { amount },
  })

const adjust = (user: TestUser, amount: number) =>
  call(t.app, 'adminWalletAdjustment', {
    params: { username: user.username },
    as: admin,
    body: { amount, reason: 'Goodwill' },
  })

const reject = (dealCode: string, reason: string, caller: TestUser = admin) =>
  call(t.app, 'adminDealEarningsRejection', { params: { code: dealCode }, as: caller, body: { reason } })

const amounts = (wallet: Wallet) => ({
  balance: wallet.balance.amount,
  available: wallet.available.amount,
  pending: wallet.pending.amount,
})

test('a click earning is pending for the hold: shown with its date, and not payable until the hold ends', async () => {
  const { user } = await payableUser(t.app, 0)
  const { missionCode } = await dealFor(t.app, user, { rewardCents: 500 })
  for (let click = 0; click < 3; click += 1) {
    expect((await viewerClick(t.app, missionCode, user.username)).statusCode).toBe(200)
  }
  const pending = await walletOf(user)
  expect(amounts(pending)).toEqual({ balance: 1500, available: 0, pending: 1500 })
  const availableOn = Date.parse(pending.nextAvailableAt ?? '')
  expect(Math.abs(availableOn - (Date.now() + HOLD_HOURS * HOUR_MS))).toBeLessThan(CLOCK_SLACK_MS)

  const refused = await payout(user, 1000)
  expect(refused.statusCode).toBe(409)
  expect(refused.json().errors.children.amount.errors).toEqual(['wallet.insufficient_available'])
  expect(await ledgerState(t.app.db, user.id)).toMatchObject({ balance: 1500, payouts: 0 })

  await endHold(t.app.db, { userId: user.id })
  const matured = await walletOf(user)
  expect(amounts(matured)).toEqual({ balance: 1500, available: 1500, pending: 0 })
  expect(matured.nextAvailableAt).toBeNull()
  // Reading never writes: the release happens in the next debit's transaction.
  expect(await storedWallet(t.app.db, user.id)).toEqual({ balance: 1500, held: 1500 })

  expect((await payout(user, 1000)).statusCode).toBe(201)
  expect(await storedWallet(t.app.db, user.id)).toEqual({ balance: 500, held: 0 })
  expect(amounts(await walletOf(user))).toEqual({ balance: 500, available: 500, pending: 0 })
})

test('a fixed reward paid at the goal is held like a click earning', async () => {
  const { user } = await payableUser(t.app, 0)
  const { missionCode, dealCode } = await dealFor(t.app, user, {
    rewardModel: 'fixed',
    rewardCents: 5000,
    goal: 2,
  })
  await viewerClick(t.app, missionCode, user.username)
  await viewerClick(t.app, missionCode, user.username)
  const [deal] = await t.app.db.select().from(deals).where(eq(deals.code, dealCode))
  expect(deal?.state).toBe('finished')
  expect(amounts(await walletOf(user))).toEqual({ balance: 5000, available: 0, pending: 5000 })
  expect((await payout(user, 5000)).statusCode).toBe(409)
})

test("an admin's adjustment is available at once, beside pending earnings it cannot reach", async () => {
  const { user } = await payableUser(t.app, 0)
  const { dealId } = await dealFor(t.app, user)
  await creditDeal(t.app, dealId, 4000)
  expect((await adjust(user, 1000)).statusCode).toBe(201)
  expect(amounts(await walletOf(user))).toEqual({ balance: 5000, available: 1000, pending: 4000 })
  expect((await payout(user, 1001)).statusCode).toBe(409)
  // A negative adjustment draws on the available part too: held money is not the operator's either.
  expect((await adjust(user, -1001)).statusCode).toBe(409)
  expect((await payout(user, 1000)).statusCode).toBe(201)
  expect(await storedWallet(t.app.db, user.id)).toEqual({ balance: 4000, held: 4000 })
})

test("rejecting a flagged deal's pending earnings reverses them with the reason; they never become available", async () => {
  const { user } = await payableUser(t.app, 0)
  const { missionCode, dealCode, dealId } = await dealFor(t.app, user, { rewardCents: 700 })
  for (let click = 0; click < 3; click += 1) await viewerClick(t.app, missionCode, user.username)
  await flagDeal(t.app.db, dealId)

  const rejected = await reject(dealCode, 'Clicks bought from a traffic exchange')
  expect(rejected.statusCode).toBe(200)
  expect(rejected.json()).toEqual({
    dealCode,
    rejected: { amount: 2100, currency: 'EUR' },
    entries: 3,
    alreadyAvailable: { amount: 0, currency: 'EUR' },
    earned: { amount: 0, currency: 'EUR' },
  })
  expect(amounts(await walletOf(user))).toEqual({ balance: 0, available: 0, pending: 0 })
  const history = (
    await call(t.app, 'walletTransactions', { params: { username: user.username }, as: user })
  ).answer().items
  expect(history[0]).toMatchObject({ kind: 'earning_reversal', amount: { amount: -2100 }, dealCode })
  expect(history[0]?.description).toContain('Clicks bought from a traffic exchange')
  const earnings = await t.app.db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.dealId, dealId), eq(ledgerEntries.kind, 'earning')))
  expect(earnings.every((entry) => entry.rejectedAt !== null && !entry.held)).toBe(true)
  expect(earnings.map((entry) => entry.rejectionReason)).toEqual(
    Array(3).fill('Clicks bought from a traffic exchange'),
  )
  const [audited] = await t.app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'deal.earnings_rejection'), eq(auditLog.target, `deal:${dealCode}`)))
  expect(audited?.actorId).toBe(admin.id)

  // The hold passing changes nothing: rejected money is never released nor paid.
  await t.app.db
    .update(ledgerEntries)
    .set({ availableAt: new Date(Date.now() - HOUR_MS) })
    .where(eq(ledgerEntries.dealId, dealId))
  expect((await payout(user, 700)).statusCode).toBe(409)
  expect(amounts(await walletOf(user))).toEqual({ balance: 0, available: 0, pending: 0 })
  expect(await ledgerState(t.app.db, user.id)).toMatchObject({ balance: 0, sum: 0, payouts: 0 })
  expect((await reject(dealCode, 'again')).json().errors.errors).toEqual(['deal.no_pending_earnings'])
})

test('a rejection takes only what is still pending: earnings whose hold ended stay available', async () => {
  const { user } = await payableUser(t.app, 0)
  const { dealCode, dealId } = await dealFor(t.app, user)
  await creditDeal(t.app, dealId, 3000)
  await endHold(t.app.db, { dealId })
  await creditDeal(t.app, dealId, 2000)
  await flagDeal(t.app.db, dealId)
  const answer = (await reject(dealCode, 'Burst of clicks')).json()
  expect(answer.rejected.amount).toBe(2000)
  expect(answer.alreadyAvailable.amount).toBe(3000)
  expect(amounts(await walletOf(user))).toEqual({ balance: 3000, available: 3000, pending: 0 })
  const [deal] = await t.app.db.select().from(deals).where(eq(deals.id, dealId))
  expect(deal?.earnedCents).toBe(3000)
  expect((await payout(user, 3000)).statusCode).toBe(201)
})

test('the earnings of a deal nobody flagged cannot be rejected; only admins reject, with a reason', async () => {
  const { user } = await payableUser(t.app, 0)
  const { dealCode, dealId } = await dealFor(t.app, user)
  await creditDeal(t.app, dealId, 2500)
  const refused = await reject(dealCode, 'Looks odd')
  expect(refused.statusCode).toBe(409)
  expect(refused.json().errors.errors).toEqual(['deal.not_flagged'])
  await flagDeal(t.app.db, dealId)
  expect((await reject(dealCode, 'Looks odd', user)).statusCode).toBe(403)
  expect((await reject(dealCode, '   ')).statusCode).toBe(400)
  expect((await reject('NO-SUCH-DEAL', 'Looks odd')).statusCode).toBe(404)
  expect(amounts(await walletOf(user))).toEqual({ balance: 2500, available: 0, pending: 2500 })
  expect(await storedWallet(t.app.db, user.id)).toEqual({ balance: 2500, held: 2500 })
})

test('the admin deals list shows flagged deals with their reason and pending earnings', async () => {
  const { user } = await payableUser(t.app, 0)
  const { dealCode, dealId } = await dealFor(t.app, user)
  await creditDeal(t.app, dealId, 1200)
  await flagDeal(t.app.db, dealId, 'burst: 40 clicks in 5 minutes')
  const list = await call(t.app, 'adminDeals', { as: admin, query: { flagged: 'true' } })
  const items = list.answer().items
  expect(items.every((item) => item.flaggedAt !== null)).toBe(true)
  expect(items.find((item) => item.code === dealCode)).toMatchObject({
    flagReason: 'burst: 40 clicks in 5 minutes',
    pendingEarned: 1200,
  })
})

test('with EARNINGS_HOLD_HOURS=0 a click earning is available at once', async () => {
  const instant = await createTestApp({ env: { EARNINGS_HOLD_HOURS: '0', MIN_PAYOUT_CENTS: '100' } })
  try {
    const { user } = await payableUser(instant.app, 0)
    const { missionCode } = await dealFor(instant.app, user, { rewardCents: 400 })
    await viewerClick(instant.app, missionCode, user.username)
    const wallet = await readWallet(instant.app, user)
    expect(amounts(wallet)).toEqual({ balance: 400, available: 400, pending: 0 })
    const paid = await call(instant.app, 'walletPayout', {
      params: { username: user.username },
      as: user,
      headers: { 'idempotency-key': 'instant' },
      body: { amount: 400 },
    })
    expect(paid.statusCode).toBe(201)
  } finally {
    await instant.close()
  }
})
