/** Shared set-up of the wallet tests: users with sessions, wallets, earnings and multipart bodies. */
import { randomBytes } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { Database } from '../../src/server/db/client'
import { users, wallets } from '../../src/server/db/schema'
import { createSession } from '../../src/server/features/auth/sessions'
import { ensureWalletRow, postLedgerEntry } from '../../src/server/features/wallet/ledger'
import type { Wallet, WalletBody } from '../../src/shared/contract/wallet'

export interface TestUser {
  id: string
  username: string
  token: string
  headers: { authorization: string }
}

/** A user and a live session written straight to the database: the sign-up flow is not under test here. */
export async function createUser(db: Database, options: { admin?: boolean; username?: string } = {}) {
  const username = options.username ?? `user_${randomBytes(4).toString('hex')}`
  const [row] = await db
    .insert(users)
    .values({
      username,
      email: `${username}@example.test`,
      // Never verified against: sessions are made directly below.
      passwordHash: 'not-a-real-hash',
      roles: options.admin ? ['user', 'admin'] : ['user'],
      creatorCode: randomBytes(5).toString('hex'),
    })
    .returning({ id: users.id })
  if (!row) throw new Error('user insert returned no row')
  const { token } = await createSession(db, row.id)
  return { id: row.id, username, token, headers: { authorization: `Bearer ${token}` } } satisfies TestUser
}

export const personBody: WalletBody = {
  kind: 'person',
  person: {
    firstName: 'Ada',
    lastName: 'Lovelace',
    birthDate: '1990-12-10',
    address: { line1: '1 rue de la Paix', city: 'Paris', postalCode: '75002', country: 'FR' },
  },
}

/** Valid by mod-97 and length (the standard examples of each country's IBAN). */
export const IBAN_FR = 'FR7630006000011234567890189'
export const IBAN_DE = 'DE89370400440532013000'

export async function createWallet(app: FastifyInstance, user: TestUser, body: WalletBody = personBody) {
  const response = await app.inject({
    method: 'POST',
    url: `/api/wallets/user/${user.username}`,
    headers: user.headers,
    payload: body,
  })
  if (response.statusCode !== 201) throw new Error(`wallet creation failed: ${response.body}`)
  return response.json<Wallet>()
}

export async function addBankAccount(app: FastifyInstance, user: TestUser, iban = IBAN_FR) {
  const response = await app.inject({
    method: 'POST',
    url: `/api/wallets/user/${user.username}/bank-account`,
    headers: user.headers,
    payload: { holderName: 'Ada Lovelace', iban },
  })
  if (response.statusCode !== 201) throw new Error(`bank account failed: ${response.body}`)
  return response.json<{ id: string }>()
}

/** An earning as the deals feature posts it: ledger entry and balance in one transaction. */
export async function credit(db: Database, userId: string, cents: number, description = 'Test earning') {
  return db.transaction(async (tx) => {
    const walletId = await ensureWalletRow(tx, userId)
    return postLedgerEntry(tx, { walletId, kind: 'earning', amountCents: cents, description })
  })
}

/** Certification as an admin's review would leave it; the review flow has its own test. */
export async function markVerified(db: Database, userId: string) {
  await db.update(wallets).set({ certificationStatus: 'verified' }).where(eq(wallets.userId, userId))
}

/** A wallet ready to pay out: created, with a default bank account, verified, and credited. */
export async function payableUser(app: FastifyInstance, cents: number) {
  const user = await createUser(app.db)
  await createWallet(app, user)
  const account = await addBankAccount(app, user)
  await markVerified(app.db, user.id)
  if (cents > 0) await credit(app.db, user.id, cents)
  return { user, bankAccountId: account.id }
}

/** A multipart body as a browser sends it, ready for `app.inject`. */
export async function multipartBody(
  fields: Record<string, string>,
  file?: { name: string; type: string; data: Buffer },
) {
  const form = new FormData()
  for (const [key, value] of Object.entries(fields)) form.append(key, value)
  if (file) form.append('document', new Blob([new Uint8Array(file.data)], { type: file.type }), file.name)
  const request = new Request('http://test.invalid', { method: 'POST', body: form })
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    contentType: request.headers.get('content-type') ?? '',
  }
}

/** The invariant of the whole design: the cached balance equals the sum of the ledger. */
export async function ledgerState(db: Database, userId: string) {
  const { rows } = await db.execute<{ balance: number; sum: number; payouts: number; debits: number }>(sql`
    select w.balance_cents::int as balance,
      coalesce((select sum(amount_cents) from ledger_entries where wallet_id = w.id), 0)::int as sum,
      (select count(*) from payouts where wallet_id = w.id)::int as payouts,
      (select count(*) from ledger_entries where wallet_id = w.id and kind = 'payout')::int as debits
    from wallets w where w.user_id = ${userId}`)
  const [row] = rows
  if (!row) throw new Error('no wallet row')
  return row
}
