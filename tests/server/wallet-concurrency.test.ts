/**
 * Races on PostgreSQL: many payout requests at once, over real HTTP,
 * through the pool. Skipped on the embedded database, which runs one statement at a time anyway.
 */
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createTestApp, type TestApp } from '../support/test-app'
import { testDatabaseKind } from '../support/test-db'
import { ledgerState, payableUser } from './wallet-fixtures'

const onPostgres = testDatabaseKind() === 'postgres'
// 50 requests per round and 20 rounds: many payouts at once, so a race a lock missed has room to show.
const REQUESTS = 50
const ROUNDS = 20

let t: TestApp
beforeAll(async () => {
  // Earnings available at once: these races are about the balance; earnings-hold.test.ts races the hold.
  if (onPostgres) t = await createTestApp({ seed: false, listen: true, env: { EARNINGS_HOLD_HOURS: '0' } })
})
afterAll(() => t?.close())

const payout = (username: string, token: string, key: string, amount: number) =>
  fetch(`${t.url}/api/wallets/user/${username}/payout`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': key },
    body: JSON.stringify({ amount }),
  }).then(async (response) => ({ status: response.status, body: await response.text() }))

test.skipIf(!onPostgres)(
  '50 concurrent payouts of the whole balance with different keys: exactly one is paid, 20 times over',
  async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const { user } = await payableUser(t.app, 10_000)
      const answers = await Promise.all(
        Array.from({ length: REQUESTS }, (_, index) =>
          payout(user.username, user.token, `r${round}-${index}`, 10_000),
        ),
      )
      expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1)
      expect(answers.filter((answer) => answer.status === 409)).toHaveLength(REQUESTS - 1)
      expect(await ledgerState(t.app.db, user.id)).toEqual({ balance: 0, sum: 0, payouts: 1, debits: 1 })
    }
  },
  120_000,
)

test.skipIf(!onPostgres)(
  '50 concurrent copies of one request with one key: one payout, identical answers',
  async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const { user } = await payableUser(t.app, 10_000)
      const answers = await Promise.all(
        Array.from({ length: REQUESTS }, () => payout(user.username, user.token, 'the-one-key', 4_000)),
      )
      expect(new Set(answers.map((answer) => `${answer.status} ${answer.body}`)).size).toBe(1)
      expect(answers[0]?.status).toBe(201)
      expect(await ledgerState(t.app.db, user.id)).toEqual({
        balance: 6_000,
        sum: 6_000,
        payouts: 1,
        debits: 1,
      })
    }
  },
  120_000,
)

test.skipIf(!onPostgres)(
  'mixed amounts racing never pay out more than the balance',
  async () => {
    const { user } = await payableUser(t.app, 25_000)
    const amounts = Array.from({ length: REQUESTS }, (_, index) => 1_000 + (index % 7) * 1_000)
    const answers = await Promise.all(
      amounts.map((amount, index) => payout(user.username, user.token, `mixed-${index}`, amount)),
    )
    const paid = answers
      .map((answer, index) => (answer.status === 201 ? (amounts[index] ?? 0) : 0))
      .reduce((sum, amount) => sum + amount, 0)
    const state = await ledgerState(t.app.db, user.id)
    expect(paid).toBeLessThanOrEqual(25_000)
    expect(state.balance).toBe(25_000 - paid)
    expect(state.sum).toBe(state.balance)
    expect(answers.every((answer) => answer.status === 201 || answer.status === 409)).toBe(true)
  },
  60_000,
)
