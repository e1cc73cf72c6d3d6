/**
 * The owner's data export and the account's deletion, tried as an attacker would: another user, a
 * stolen session, a payout raced against the deletion; and what the deletion must keep (the money
 * records) and erase (everything that names the person).
 */
import { count, eq, sql } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { deals, invoices, ledgerEntries, payouts, providers, users, wallets } from '#server/db/schema.ts'
import { createSession } from '#server/features/auth/sessions.ts'
import { call } from '../support/call'
import { createTestApp, type TestApp } from '../support/test-app'
import { testDatabaseKind } from '../support/test-db'
import { makeUser } from '../support/test-users'
import { signin, signup, strongPassword } from './auth-helpers'
import { addBankAccount, createWallet, credit, creditDeal, dealFor, markVerified } from './wallet-fixtures'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({
    seed: false,
    listen: true,
    env: { MIN_PAYOUT_CENTS: '1000', EARNINGS_HOLD_HOURS: '0' },
  })
  // The missions' brand (the demo content is not needed).
  await t.app.db.insert(providers).values({ name: 'Erasure Brand', slug: 'erasure-brand' })
})
afterAll(() => t.close())

/** A user with a real password (the deletion asks for it), a wallet and a bank account. */
async function streamer() {
  const made = await signup(t.app)
  const user = {
    id: made.user.id,
    username: made.username,
    token: made.token,
    auth: made.auth,
  }
  await createWallet(t.app, user)
  await addBankAccount(t.app, user)
  await markVerified(t.app.db, user.id)
  return user
}
type Streamer = Awaited<ReturnType<typeof streamer>>

const exportOf = (username: string, headers: Record<string, string>) =>
  call(t.app, 'accountExport', { params: { username }, headers })
const deletion = (username: string, headers: Record<string, string>, currentPassword = strongPassword) =>
  call(t.app, 'accountDelete', { params: { username }, headers, body: { currentPassword } })
const payout = (user: Streamer, amount: number, key: string) =>
  call(t.app, 'walletPayout', {
    params: { username: user.username },
    headers: { ...user.auth, 'idempotency-key': key },
    body: { amount },
  })

/** A deal whose earnings were paid out (paid), with its invoice issued: money records to keep. */
async function withPaidHistory(user: Streamer) {
  const deal = await dealFor(t.app, user)
  await creditDeal(t.app, deal.dealId, 5000)
  const paid = await payout(user, 5000, `paid-${user.username}`)
  expect(paid.statusCode).toBe(201)
  await t.app.db.update(payouts).set({ status: 'paid' }).where(eq(payouts.id, paid.json().id))
  // An ended deal is invoiced (an ongoing one gets a pro forma statement).
  const stop = await call(t.app, 'userDealStop', {
    params: { username: user.username, code: deal.missionCode },
    headers: user.auth,
  })
  expect(stop.statusCode).toBe(200)
  const invoice = await call(t.app, 'userDealInvoice', {
    params: { username: user.username, code: deal.missionCode },
    headers: user.auth,
  })
  expect(invoice.statusCode).toBe(200)
  return deal
}

async function moneyRows(userId: string) {
  const [wallet] = await t.app.db.select({ id: wallets.id }).from(wallets).where(eq(wallets.userId, userId))
  const id = wallet?.id ?? ''
  const n = async (query: Promise<{ n: number }[]>) => (await query)[0]?.n ?? 0
  return {
    ledger: await n(
      t.app.db.select({ n: count() }).from(ledgerEntries).where(eq(ledgerEntries.walletId, id)),
    ),
    payouts: await n(t.app.db.select({ n: count() }).from(payouts).where(eq(payouts.walletId, id))),
    invoices: await n(t.app.db.select({ n: count() }).from(invoices).where(eq(invoices.issuerId, userId))),
  }
}

test('the export holds all of the owner’s data and none of their secrets', async () => {
  const user = await streamer()
  const deal = await withPaidHistory(user)
  const response = await exportOf(user.username, user.auth)
  expect(response.statusCode).toBe(200)
  expect(response.headers['content-disposition']).toContain('attachment')
  const data = response.json()
  expect(data.profile).toMatchObject({
    username: user.username,
    email: `${user.username}@example.test`,
  })
  expect(data.identity.wallet.person).toMatchObject({
    firstName: 'Ada',
    lastName: 'Lovelace',
  })
  expect(data.bankAccounts[0].iban).toBe('FR7630006000011234567890189')
  expect(data.deals.map((row: { code: string }) => row.code)).toEqual([deal.dealCode])
  expect(data.events.length).toBeGreaterThan(0)
  expect(data.ledger.map((row: { kind: string }) => row.kind)).toEqual(['earning', 'payout'])
  expect(data.payouts).toHaveLength(1)
  expect(data.invoices).toHaveLength(1)
  expect(data.sessions.length).toBeGreaterThan(0)
  const [row] = await t.app.db.select().from(users).where(eq(users.id, user.id))
  const [dealRow] = await t.app.db.select().from(deals).where(eq(deals.id, deal.dealId))
  for (const secret of [row?.passwordHash, user.token, dealRow?.widgetToken, '$argon2', 'tokenHash']) {
    expect(response.body).not.toContain(secret)
  }
})

test('another user, and an admin, can neither export nor delete someone’s account', async () => {
  const victim = await streamer()
  const mallory = await streamer()
  const admin = await makeUser(t.app, { username: `admin_${Date.now().toString(36)}`, admin: true })
  expect((await exportOf(victim.username, mallory.auth)).statusCode).toBe(403)
  expect((await exportOf(victim.username, admin.auth)).statusCode).toBe(403)
  // Mallory's own password, right for Mallory: still not Mallory's account.
  expect((await deletion(victim.username, mallory.auth)).statusCode).toBe(403)
  expect((await deletion(victim.username, admin.auth)).statusCode).toBe(403)
  const [row] = await t.app.db.select().from(users).where(eq(users.id, victim.id))
  expect(row?.deletedAt).toBeNull()
})

test('the export is limited to 5 an hour', async () => {
  const user = await streamer()
  for (let index = 0; index < 5; index += 1) {
    expect((await exportOf(user.username, user.auth)).statusCode).toBe(200)
  }
  expect((await exportOf(user.username, user.auth)).statusCode).toBe(429)
})

test('deletion needs the current password', async () => {
  const user = await streamer()
  const wrong = await deletion(user.username, user.auth, 'Wrong-passw0rd')
  expect(wrong.statusCode).toBe(400)
  expect(wrong.json().errors.children.currentPassword.errors).toEqual(['password.current_invalid'])
})

test('deletion is refused while money is on the wallet or a payout is in flight, saying which', async () => {
  const user = await streamer()
  await credit(t.app, user.id, 3000)
  const withBalance = await deletion(user.username, user.auth)
  expect(withBalance.statusCode).toBe(409)
  expect(withBalance.json().errors.errors).toEqual(['account.delete_balance_available'])
  expect((await payout(user, 3000, 'all')).statusCode).toBe(201)
  const inFlight = await deletion(user.username, user.auth)
  expect(inFlight.statusCode).toBe(409)
  expect(inFlight.json().errors.errors).toEqual(['account.delete_payout_in_flight'])
  const [row] = await t.app.db.select().from(users).where(eq(users.id, user.id))
  expect(row?.deletedAt).toBeNull()
})

test('deletion erases the person, keeps every money row, and kills every session', async () => {
  const user = await streamer()
  const deal = await withPaidHistory(user)
  // A second device's session, as a thief holding a copy of its token would use it.
  const stolen = await createSession(t.app.db, user.id)
  const stolenHeaders = { authorization: `Bearer ${stolen.token}` }
  const [before] = await t.app.db.select().from(deals).where(eq(deals.id, deal.dealId))
  const kept = await moneyRows(user.id)

  const response = await deletion(user.username, user.auth)
  expect(response.statusCode).toBe(200)
  expect(response.json().kept).toEqual({
    invoices: 1,
    ledgerEntries: 2,
    payouts: 1,
  })
  expect(await moneyRows(user.id)).toEqual(kept)

  // Every session is dead: the next call is 401, whoever holds the token.
  for (const headers of [user.auth, stolenHeaders]) {
    expect((await exportOf(user.username, headers)).statusCode).toBe(401)
    expect((await deletion(user.username, headers)).statusCode).toBe(401)
    expect(
      (await call(t.app, 'walletGet', { params: { username: user.username }, headers })).statusCode,
    ).toBe(401)
  }
  expect((await signin(t.app, user.username, strongPassword)).statusCode).toBe(401)

  const [row] = await t.app.db.select().from(users).where(eq(users.id, user.id))
  expect(row?.deletedAt).not.toBeNull()
  expect(row?.username).not.toBe(user.username)
  expect(row?.email).not.toContain(user.username)
  expect(row?.phone).toBeNull()
  const [wallet] = await t.app.db.select().from(wallets).where(eq(wallets.userId, user.id))
  expect(wallet?.person).toBeNull()
  const [after] = await t.app.db.select().from(deals).where(eq(deals.id, deal.dealId))
  expect(after?.widgetToken).not.toBe(before?.widgetToken)

  // The public faces are gone: the overlay and the tracked link answer 404.
  expect((await call(t.app, 'widget', { params: { token: before?.widgetToken ?? '' } })).statusCode).toBe(404)
  const link = await t.app.inject({
    url: `/redir/cpc/${deal.missionCode}/${user.username}`,
  })
  expect(link.statusCode).toBe(404)

  // The e-mail address and the name are free again.
  const again = await signup(t.app, {
    username: user.username,
    email: `${user.username}@example.test`,
  })
  expect(again.user.id).not.toBe(user.id)
})

test('a deletion keeps an active deal’s ledger and stops the deal', async () => {
  const user = await streamer()
  const deal = await dealFor(t.app, user)
  const response = await deletion(user.username, user.auth)
  expect(response.statusCode).toBe(200)
  const [row] = await t.app.db.select().from(deals).where(eq(deals.id, deal.dealId))
  expect(row?.state).toBe('stopped')
})

const onPostgres = testDatabaseKind() === 'postgres'

test.skipIf(!onPostgres)(
  'a deletion raced against a payout never leaves a payout on a deleted account nor loses a ledger row',
  async () => {
    for (let round = 0; round < 15; round += 1) {
      const user = await streamer()
      await credit(t.app, user.id, 4000)
      const before = await moneyRows(user.id)
      const [paid, deleted] = await Promise.all([
        fetch(`${t.url}/api/wallets/user/${user.username}/payout`, {
          method: 'POST',
          headers: {
            ...user.auth,
            'content-type': 'application/json',
            'idempotency-key': `race-${round}`,
          },
          body: JSON.stringify({ amount: 4000 }),
        }),
        fetch(`${t.url}/api/user/${user.username}/deletion`, {
          method: 'POST',
          headers: { ...user.auth, 'content-type': 'application/json' },
          body: JSON.stringify({ currentPassword: strongPassword }),
        }),
      ])
      const after = await moneyRows(user.id)
      const [row] = await t.app.db.select().from(users).where(eq(users.id, user.id))
      const pending = await t.app.db.execute<{ n: number }>(
        sql`select count(*)::int as n from payouts p join wallets w on w.id = p.wallet_id
            where w.user_id = ${user.id} and p.status = 'pending'`,
      )
      const deletedWithPayout = row?.deletedAt !== null && (pending.rows[0]?.n ?? 0) > 0
      expect({
        round,
        deletedWithPayout,
        paid: paid.status,
        deleted: deleted.status,
      }).toMatchObject({
        deletedWithPayout: false,
      })
      // The ledger only ever grows: by the payout's debit when it went through.
      expect(after.ledger).toBe(before.ledger + (paid.status === 201 ? 1 : 0))
      expect(deleted.status === 200 && paid.status === 201).toBe(false)
    }
  },
  120_000,
)

test.skipIf(!onPostgres)(
  'a deletion waits for a payout being written, then refuses it as in flight (never deletes under it)',
  async () => {
    const user = await streamer()
    await credit(t.app, user.id, 4000)
    // A payout's transaction caught half-way: its row and its debit written, not committed yet.
    const client = new pg.Client({ connectionString: t.app.config.databaseUrl })
    await client.connect()
    try {
      await client.query('begin')
      await client.query(
        `insert into payouts (wallet_id, amount_cents, bank_account_id, idempotency_key, request_hash)
         select w.id, 4000, b.id, 'held-open', 'x' from wallets w join bank_accounts b on b.wallet_id = w.id
         where w.user_id = $1`,
        [user.id],
      )
      await client.query(
        `insert into ledger_entries (wallet_id, kind, amount_cents) select id, 'payout', -4000 from wallets where user_id = $1`,
        [user.id],
      )
      await client.query(
        'update wallets set balance_cents = balance_cents - 4000, ledger_entry_count = ledger_entry_count + 1 where user_id = $1',
        [user.id],
      )
      const deleting = deletion(user.username, user.auth)
      await new Promise((resolve) => setTimeout(resolve, 500))
      await client.query('commit')
      const answer = await deleting
      expect(answer.statusCode).toBe(409)
      expect(answer.json().errors.errors).toEqual(['account.delete_payout_in_flight'])
    } finally {
      await client.end()
    }
  },
)

test('one phone per account: the identity’s is the profile’s, and the profile cannot set another', async () => {
  const made = await signup(t.app)
  const user = {
    id: made.user.id,
    username: made.username,
    token: made.token,
    auth: made.auth,
  }
  const profile = (phone: string | null) =>
    call(t.app, 'userUpdate', { params: { user: user.username }, headers: user.auth, body: { phone } })
  // Before the identity exists, the profile's phone is its own.
  expect((await profile('+33 6 00 00 00 00')).json().phone).toBe('+33 6 00 00 00 00')
  await createWallet(t.app, user, {
    kind: 'person',
    person: {
      firstName: 'Ada',
      lastName: 'Lovelace',
      birthDate: '1990-12-10',
      phone: '+33 6 12 34 56 78',
      address: {
        line1: '1 rue de la Paix',
        city: 'Paris',
        postalCode: '75002',
        country: 'FR',
      },
    },
  })
  const [row] = await t.app.db.select().from(users).where(eq(users.id, user.id))
  expect(row?.phone).toBe('+33 6 12 34 56 78')
  const other = await profile('+33 7 99 99 99 99')
  expect(other.statusCode).toBe(400)
  expect(other.json().errors.children.phone.errors).toEqual(['phone.identity_managed'])
  // The same phone again (an older page sending it back) changes nothing and is fine.
  expect((await profile('+33 6 12 34 56 78')).statusCode).toBe(200)
})

test('a phone the profile sets while the identity has none becomes the identity’s too', async () => {
  const made = await signup(t.app)
  const user = { id: made.user.id, username: made.username, token: made.token, auth: made.auth }
  await createWallet(t.app, user)
  const response = await call(t.app, 'userUpdate', {
    params: { user: user.username },
    headers: user.auth,
    body: { phone: '+33 6 44 44 44 44' },
  })
  expect(response.statusCode).toBe(200)
  const [wallet] = await t.app.db.select().from(wallets).where(eq(wallets.userId, user.id))
  expect(wallet?.person?.phone).toBe('+33 6 44 44 44 44')
})
