/**
 * Earnings holds under concurrency, on PostgreSQL: payouts racing each other draw
 * only on the available part and release a matured hold once; a rejection racing payouts never lets
 * rejected money be paid nor the balance go below zero. Skipped on the embedded database, which runs
 * one statement at a time anyway.
 */
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { endpoint } from '#shared/endpoints.ts'
import { createTestApp, type TestApp } from '../support/test-app'
import { testDatabaseKind } from '../support/test-db'
import { makeUser, type TestUser } from '../support/test-users'
import {
  creditDeal,
  dealFor,
  endHold,
  flagDeal,
  ledgerState,
  payableUser,
  storedWallet,
} from './wallet-fixtures'

const onPostgres = testDatabaseKind() === 'postgres'
// 20 concurrent payouts per round; 5 rounds to land on different interleavings.
const PAYOUTS = 20
const ROUNDS = 5
// The boundary earnings mature 0 to 600 ms after the race starts (the 21 requests take 0.5 to 1.5 s
// here): some rounds release them to a payout, others reject them.
const MATURES_WITHIN_MS = 600

let t: TestApp
let admin: TestUser
beforeAll(async () => {
  if (!onPostgres) return
  t = await createTestApp({ listen: true, env: { EARNINGS_HOLD_HOURS: '72', MIN_PAYOUT_CENTS: '100' } })
  admin = await makeUser(t.app, { admin: true })
})
afterAll(() => t?.close())

// Over real connections rather than injected, as racing clients send them; the paths come from the
// endpoint table.
const post = (path: string, token: string, body: unknown, key?: string) =>
  fetch(`${t.url}${path}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      ...(key ? { 'idempotency-key': key } : {}),
    },
    body: JSON.stringify(body),
  }).then(async (response) => ({ status: response.status, body: await response.text() }))

const payouts = (user: TestUser, round: number) =>
  Array.from({ length: PAYOUTS }, (_, index) =>
    post(
      endpoint('walletPayout', { username: user.username }),
      user.token,
      { amount: 1000 },
      `r${round}-${index}`,
    ),
  )

/** held_cents is a cache of the entries still flagged held: it must agree with them after any race. */
async function heldEntriesSum(userId: string): Promise<number> {
  const { rows } = await t.app.db.execute<{ sum: number }>(sql`
    select coalesce(sum(amount_cents), 0)::int as sum from ledger_entries
    where held and wallet_id = (select id from wallets where user_id = ${userId})`)
  return rows[0]?.sum ?? -1
}

test.skipIf(!onPostgres)(
  '20 concurrent payouts draw only on the available part and release a matured hold once',
  async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const { user } = await payableUser(t.app, 0)
      const { dealId } = await dealFor(t.app, user)
      for (let credit = 0; credit < 5; credit += 1) await creditDeal(t.app, dealId, 1000)
      await endHold(t.app.db, { dealId })
      await creditDeal(t.app, dealId, 5000)
      const adjusted = await post(
        endpoint('adminWalletAdjustment', { username: user.username }),
        admin.token,
        {
          amount: 2000,
          reason: 'Goodwill',
        },
      )
      expect(adjusted.status).toBe(201)
      // Available: 5,000 matured + 2,000 adjusted; 5,000 still pending.
      const answers = await Promise.all(payouts(user, round))
      expect(answers.filter((answer) => answer.status === 201)).toHaveLength(7)
      expect(answers.filter((answer) => answer.status === 409)).toHaveLength(PAYOUTS - 7)
      expect(await storedWallet(t.app.db, user.id)).toEqual({ balance: 5000, held: 5000 })
      expect(await heldEntriesSum(user.id)).toBe(5000)
      expect(await ledgerState(t.app.db, user.id)).toMatchObject({ balance: 5000, sum: 5000, payouts: 7 })
    }
  },
  120_000,
)

test.skipIf(!onPostgres)(
  'a rejection racing payouts and releases never pays out rejected money nor overdraws',
  async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const { user } = await payableUser(t.app, 0)
      const { dealId, dealCode } = await dealFor(t.app, user)
      // Six pending earnings on the flagged deal; two of them mature during the race, just below.
      for (let credit = 0; credit < 6; credit += 1) await creditDeal(t.app, dealId, 1000)
      await post(endpoint('adminWalletAdjustment', { username: user.username }), admin.token, {
        amount: 3000,
        reason: 'Bonus',
      })
      await flagDeal(t.app.db, dealId)
      await t.app.db.execute(sql`update ledger_entries
        set available_at = now() + make_interval(secs => random() * ${MATURES_WITHIN_MS / 1000})
        where id in (select id from ledger_entries where deal_id = ${dealId} order by seq limit 2)`)
      // The payouts go out first and the rejection right after, so either can reach the wallet first.
      const racing = payouts(user, round)
      const rejection = await post(endpoint('adminDealEarningsRejection', { code: dealCode }), admin.token, {
        reason: 'Bought clicks',
      })
      const answers = await Promise.all(racing)
      expect(rejection.status).toBe(200)
      const rejected = (JSON.parse(rejection.body) as { rejected: { amount: number } }).rejected.amount
      const paid = answers.filter((answer) => answer.status === 201).length * 1000
      expect(answers.every((answer) => answer.status === 201 || answer.status === 409)).toBe(true)
      // The four far earnings are always rejected; a boundary one is either rejected or paid, never both.
      expect(rejected).toBeGreaterThanOrEqual(4000)
      expect(paid).toBeLessThanOrEqual(3000 + 2000 - (rejected - 4000))
      const stored = await storedWallet(t.app.db, user.id)
      expect(stored.balance).toBe(9000 - paid - rejected)
      expect(stored.held).toBeGreaterThanOrEqual(0)
      expect(stored.held).toBeLessThanOrEqual(stored.balance)
      expect(await heldEntriesSum(user.id)).toBe(stored.held)
      expect((await ledgerState(t.app.db, user.id)).sum).toBe(stored.balance)
    }
  },
  120_000,
)
