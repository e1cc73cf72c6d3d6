import { afterAll, beforeAll, expect, test } from 'vitest'
import type { Payout } from '#shared/contract/wallet.ts'
import { call } from '../support/call'
import { createTestApp, type TestApp } from '../support/test-app'
import { makeUser, type TestUser } from '../support/test-users'
import { addBankAccount, createWallet, credit, ledgerState, payableUser } from './wallet-fixtures'

let t: TestApp
beforeAll(async () => {
  // Earnings available at once: these suites test payouts themselves; holds have earnings-hold.test.ts.
  t = await createTestApp({ seed: false, env: { MIN_PAYOUT_CENTS: '1000', EARNINGS_HOLD_HOURS: '0' } })
})
afterAll(() => t.close())

const payout = (user: TestUser, body: { amount: number }, key?: string) =>
  call(t.app, 'walletPayout', {
    params: { username: user.username },
    as: user,
    headers: key === undefined ? {} : { 'idempotency-key': key },
    body,
  })

test('a payout needs an Idempotency-Key, the minimum, a verified certification and a bank account', async () => {
  const { user } = await payableUser(t.app, 5000)
  expect((await payout(user, { amount: 2000 })).statusCode).toBe(400)
  const small = await payout(user, { amount: 999 }, 'small')
  expect(small.statusCode).toBe(400)
  expect(small.json().errors.children.amount.errors).toEqual(['payout.minimum'])

  const unverified = await makeUser(t.app)
  await createWallet(t.app, unverified)
  await addBankAccount(t.app, unverified)
  await credit(t.app, unverified.id, 5000)
  expect((await payout(unverified, { amount: 2000 }, 'x')).statusCode).toBe(409)
  expect((await payout(user, { amount: 6000 }, 'too-much')).statusCode).toBe(409)
  expect(await ledgerState(t.app.db, user.id)).toMatchObject({ balance: 5000, sum: 5000, payouts: 0 })
})

test('the same key replays the first answer; the same key with another body is 422', async () => {
  const { user } = await payableUser(t.app, 5000)
  const first = await payout(user, { amount: 2000 }, 'key-1')
  expect(first.statusCode).toBe(201)
  const replay = await payout(user, { amount: 2000 }, 'key-1')
  expect(replay.statusCode).toBe(201)
  expect(replay.json()).toEqual(first.json())
  const other = await payout(user, { amount: 2500 }, 'key-1')
  expect(other.statusCode).toBe(422)
  expect(other.json().code).toBe('UNPROCESSABLE')
  expect(await ledgerState(t.app.db, user.id)).toMatchObject({
    balance: 3000,
    sum: 3000,
    payouts: 1,
    debits: 1,
  })
})

test('keys are scoped to their wallet: two users may use the same key', async () => {
  const a = await payableUser(t.app, 2000)
  const b = await payableUser(t.app, 2000)
  expect((await payout(a.user, { amount: 1500 }, 'shared')).statusCode).toBe(201)
  expect((await payout(b.user, { amount: 1000 }, 'shared')).statusCode).toBe(201)
  expect((await ledgerState(t.app.db, b.user.id)).balance).toBe(1000)
})

test('concurrent payouts never overdraw the wallet', async () => {
  const { user } = await payableUser(t.app, 10_000)
  const answers = await Promise.all(
    Array.from({ length: 10 }, (_, index) => payout(user, { amount: 10_000 }, `race-${index}`)),
  )
  expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(1)
  expect(answers.filter((answer) => answer.statusCode === 409)).toHaveLength(9)
  expect(await ledgerState(t.app.db, user.id)).toMatchObject({ balance: 0, sum: 0, payouts: 1 })
})

test('an admin marks payouts paid or failed; failed is reversed once; all is audited', async () => {
  const admin = await makeUser(t.app, { admin: true })
  const { user } = await payableUser(t.app, 5000)
  const paid = (await payout(user, { amount: 1000 }, 'p1')).answer()
  const failed = (await payout(user, { amount: 2000 }, 'p2')).answer()
  const queue = await call(t.app, 'adminPayouts', { as: admin, query: { status: 'pending' } })
  expect(queue.answer().items.map((item) => item.id)).toEqual(expect.arrayContaining([paid.id, failed.id]))
  expect(queue.answer().items[0]?.ibanMasked).toContain('••••')
  const settle = (id: string, status: 'paid' | 'failed') =>
    call(t.app, 'adminPayoutUpdate', { params: { id }, as: admin, body: { status } })
  expect((await settle(paid.id, 'paid')).statusCode).toBe(200)
  expect((await settle(failed.id, 'failed')).statusCode).toBe(200)
  expect((await settle(failed.id, 'failed')).statusCode).toBe(409)
  expect((await settle(paid.id, 'failed')).statusCode).toBe(409)
  expect(await ledgerState(t.app.db, user.id)).toMatchObject({ balance: 4000, sum: 4000 })
  const history = await call(t.app, 'walletPayouts', { params: { username: user.username }, as: user })
  expect(history.answer().items.map((p: Payout) => p.status)).toEqual(['failed', 'paid'])
  const notAdmin = await call(t.app, 'adminPayoutUpdate', {
    params: { id: paid.id },
    as: user,
    body: { status: 'paid' },
  })
  expect(notAdmin.statusCode).toBe(403)
})

test('admin adjustments move the balance with a reason, never below zero', async () => {
  const admin = await makeUser(t.app, { admin: true })
  const user = await makeUser(t.app)
  const adjust = (amount: number, reason = 'Goodwill') =>
    call(t.app, 'adminWalletAdjustment', {
      params: { username: user.username },
      as: admin,
      body: { amount, reason },
    })
  expect((await adjust(700)).statusCode).toBe(201)
  expect((await adjust(-800)).statusCode).toBe(409)
  expect((await adjust(-200, '')).statusCode).toBe(400)
  expect((await adjust(-200, 'Duplicate click')).statusCode).toBe(201)
  expect(await ledgerState(t.app.db, user.id)).toMatchObject({ balance: 500, sum: 500 })
  const audit = await t.app.db.query.auditLog.findMany()
  expect(
    audit.filter((row) => row.action === 'wallet.adjustment' && row.target === `user:${user.username}`),
  ).toHaveLength(2)
})
