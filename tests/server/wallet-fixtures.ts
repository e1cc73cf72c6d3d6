/** Shared set-up of the wallet tests: wallets, earnings and multipart bodies. */
import { eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { Database } from '#server/db/client.ts'
import { deals, missions, type NewMissionRow, wallets } from '#server/db/schema.ts'
import { creditReward } from '#server/features/deals/deal-steps.ts'
import { ensureWalletRow, postLedgerEntry } from '#server/features/wallet/ledger-service.ts'
import type { Wallet, WalletBody } from '#shared/contract/wallet.ts'
import { call } from '../support/call'
import { makeUser, type TestUser } from '../support/test-users'
import { BROWSER_UA, makeMission } from './deals-fixtures'

/** What the wallet helpers read of a user: the username in the path and the session token. */
type WalletOwner = Pick<TestUser, 'username' | 'token'>

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

export async function createWallet(app: FastifyInstance, user: WalletOwner, body: WalletBody = personBody) {
  const response = await call(app, 'walletCreate', { params: { username: user.username }, as: user, body })
  if (response.statusCode !== 201) throw new Error(`wallet creation failed: ${response.body}`)
  return response.answer()
}

/** The wallet as its owner reads it. */
export async function readWallet(app: FastifyInstance, user: WalletOwner): Promise<Wallet> {
  return (await call(app, 'walletGet', { params: { username: user.username }, as: user })).answer()
}

export async function addBankAccount(app: FastifyInstance, user: WalletOwner, iban = IBAN_FR) {
  const response = await call(app, 'walletBankAccountCreate', {
    params: { username: user.username },
    as: user,
    body: { holderName: 'Ada Lovelace', iban },
  })
  if (response.statusCode !== 201) throw new Error(`bank account failed: ${response.body}`)
  return response.answer()
}

/**
 * An earning as the deals feature posts it: ledger entry and balance in one transaction, held for the
 * app's EARNINGS_HOLD_HOURS (suites that pay out at once run with EARNINGS_HOLD_HOURS=0).
 */
export async function credit(
  app: FastifyInstance,
  userId: string,
  cents: number,
  description = 'Test earning',
) {
  return app.db.transaction(async (tx) => {
    const walletId = await ensureWalletRow(tx, userId)
    return postLedgerEntry(tx, {
      walletId,
      kind: 'earning',
      amountCents: cents,
      description,
      holdHours: app.config.earningsHoldHours,
    })
  })
}

/** Certification as an admin's review would leave it; the review flow has its own test. */
export async function markVerified(db: Database, userId: string) {
  await db.update(wallets).set({ certificationStatus: 'verified' }).where(eq(wallets.userId, userId))
}

/** A wallet ready to pay out: created, with a default bank account, verified, and credited. */
export async function payableUser(app: FastifyInstance, cents: number) {
  const user = await makeUser(app)
  await createWallet(app, user)
  const account = await addBankAccount(app, user)
  await markVerified(app.db, user.id)
  if (cents > 0) await credit(app, user.id, cents)
  return { user, bankAccountId: account.id }
}

/** The form a browser sends to upload a certification document (the `document` file and its fields). */
export function multipartForm(
  fields: Record<string, string>,
  file?: { name: string; type: string; data: Buffer },
) {
  const form = new FormData()
  for (const [key, value] of Object.entries(fields)) form.append(key, value)
  if (file) form.append('document', new Blob([new Uint8Array(file.data)], { type: file.type }), file.name)
  return form
}

/** The same form as raw bytes and their content type, for requests sent as they are with `app.inject`. */
export async function multipartBody(
  fields: Record<string, string>,
  file?: { name: string; type: string; data: Buffer },
) {
  const form = multipartForm(fields, file)
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

/** A deal of `user` on a new published mission (cpc, `rewardCents` per click unless overridden). */
export async function dealFor(app: FastifyInstance, user: WalletOwner, mission: Partial<NewMissionRow> = {}) {
  const missionCode = await makeMission(app, { goal: 1000, spots: 10, ...mission })
  const response = await call(app, 'subscriptionCreate', {
    params: { code: missionCode, username: user.username },
    as: user,
  })
  if (response.statusCode !== 201) throw new Error(`subscription failed: ${response.body}`)
  const { code } = response.answer()
  const [row] = await app.db.select({ id: deals.id }).from(deals).where(eq(deals.code, code))
  if (!row) throw new Error(`no deal ${code}`)
  return { missionCode, dealCode: code, dealId: row.id }
}

let visitor = 0
/** One tracked click by a new viewer: its own address (198.18.0.0/15 is for tests), a real browser. */
export function viewerClick(app: FastifyInstance, missionCode: string, username: string) {
  visitor += 1
  return call(app, 'subscriptionCheck', {
    params: { code: missionCode, username },
    remoteAddress: `198.18.${Math.floor(visitor / 250)}.${(visitor % 250) + 1}`,
    headers: { 'user-agent': BROWSER_UA },
    body: { kind: 'cpc' },
  })
}

/** Earnings of a deal credited as a valid click credits them (held for the app's hold), without the click. */
export async function creditDeal(app: FastifyInstance, dealId: string, cents: number) {
  await app.db.transaction(async (tx) => {
    const [deal] = await tx.select().from(deals).where(eq(deals.id, dealId)).for('update')
    if (!deal) throw new Error(`no deal ${dealId}`)
    const [mission] = await tx.select().from(missions).where(eq(missions.id, deal.missionId))
    if (!mission) throw new Error('no mission')
    const context = {
      dealId,
      dealCode: deal.code,
      userId: deal.userId,
      mission,
      earningsHoldHours: app.config.earningsHoldHours,
    }
    if (!(await creditReward(tx, context, cents, []))) throw new Error('the credit was refused')
  })
}

/** As if EARNINGS_HOLD_HOURS had passed for these held earnings: their hold ended a minute ago. */
export async function endHold(db: Database, where: { dealId: string } | { userId: string }) {
  await db.execute(sql`update ledger_entries set available_at = now() - interval '1 minute'
    where held and ${
      'dealId' in where
        ? sql`deal_id = ${where.dealId}`
        : sql`wallet_id = (select id from wallets where user_id = ${where.userId})`
    }`)
}

/** What the click-fraud check does to a deal whose clicks look bought. */
export async function flagDeal(db: Database, dealId: string, reason = 'click burst') {
  await db.update(deals).set({ flaggedAt: new Date(), flagReason: reason }).where(eq(deals.id, dealId))
}

/** The wallet row as stored: the cached balance and its held part. */
export async function storedWallet(db: Database, userId: string) {
  const [row] = await db
    .select({ balance: wallets.balanceCents, held: wallets.heldCents })
    .from(wallets)
    .where(eq(wallets.userId, userId))
  if (!row) throw new Error('no wallet row')
  return row
}
