/**
 * The monthly statement: the month's lines and balances read off the ledger and adding up, the
 * platform's legal identity from the configuration, the VAT mention of the holder's status, the month
 * checked, and nobody but the holder (or an admin) reading it.
 */
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { ledgerEntries, users } from '#server/db/schema.ts'
import { ensureWalletRow, postLedgerEntry } from '#server/features/wallet/ledger-service.ts'
import type { Locale } from '#shared/contract/common.ts'
import type { WalletBody } from '#shared/contract/wallet.ts'
import { call } from '../support/call'
import { createTestApp, type TestApp } from '../support/test-app'
import { makeUser, type TestUser } from '../support/test-users'
import { pdfText } from './pdf-text'
import { createWallet, creditDeal, dealFor, personBody } from './wallet-fixtures'

let t: TestApp

beforeAll(async () => {
  t = await createTestApp({
    env: {
      EARNINGS_HOLD_HOURS: '0',
      PLATFORM_LEGAL_NAME: 'Streamdeals Test SAS',
      PLATFORM_LEGAL_ADDRESS: '8 avenue des Tests|69002 Lyon|France',
      PLATFORM_LEGAL_SIREN: '552 100 554',
      PLATFORM_LEGAL_VAT: 'FR66552100554',
    },
  })
})

afterAll(async () => {
  await t?.close()
})

/** The UTC month `back` months before this one, as YYYY-MM, and a moment on its `day`. */
function monthBack(back: number, day = 10) {
  const now = new Date()
  const at = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, day, 12))
  return { month: at.toISOString().slice(0, 7), at }
}

/** One ledger entry as the services post it, then dated `at` (the ledger is the statement's source). */
async function entry(user: TestUser, kind: 'earning' | 'payout' | 'adjustment', cents: number, at: Date) {
  const { entryId } = await t.app.db.transaction(async (tx) =>
    postLedgerEntry(tx, {
      walletId: await ensureWalletRow(tx, user.id),
      kind,
      amountCents: cents,
      description: kind === 'adjustment' ? 'Goodwill gesture' : `Test ${kind}`,
    }),
  )
  await t.app.db.update(ledgerEntries).set({ createdAt: at }).where(eq(ledgerEntries.id, entryId))
}

/** A user whose account was made `monthsAgo` months back (on the 1st, UTC), with a wallet. */
async function holder(body: WalletBody = personBody, monthsAgo = 3) {
  const user = await makeUser(t.app)
  await createWallet(t.app, user, body)
  await t.app.db
    .update(users)
    .set({ createdAt: monthBack(monthsAgo, 1).at })
    .where(eq(users.id, user.id))
  return user
}

const statement = (who: TestUser, owner: TestUser, month: string, language: Locale = 'en') =>
  call(t.app, 'walletStatement', {
    params: { username: owner.username },
    as: who,
    query: { month, tz: 'UTC', locale: language },
  })

async function statementText(user: TestUser, month: string, language: Locale = 'en') {
  const answer = await statement(user, user, month, language)
  expect(answer.statusCode, answer.body.slice(0, 300)).toBe(200)
  expect(answer.headers['content-type']).toBe('application/pdf')
  expect(answer.headers['content-disposition']).toContain(`streamdeals-statement-${month}.pdf`)
  return pdfText(answer.rawPayload)
}

const business = (vatNumber?: string): WalletBody => ({
  ...personBody,
  kind: 'business',
  business: {
    name: 'Stream Studio',
    registrationNumber: '123 456 789 RCS Paris',
    ...(vatNumber ? { vatNumber } : {}),
    address: { line1: '2 rue du Stream', city: 'Lyon', postalCode: '69001', country: 'FR' },
  },
})

test("the month's lines come from the ledger, and opening + credits − debits = closing", async () => {
  const user = await holder()
  const before = monthBack(2)
  const target = monthBack(1)
  await entry(user, 'earning', 1000, before.at)
  const deal = await dealFor(t.app, user)
  for (const cents of [150, 150, 200]) await creditDeal(t.app, deal.dealId, cents)
  await t.app.db.execute(
    sql`update ledger_entries set created_at = ${target.at} where deal_id = ${deal.dealId}`,
  )
  await entry(user, 'adjustment', 250, new Date(target.at.getTime() + 3_600_000))
  await entry(user, 'payout', -1200, new Date(target.at.getTime() + 7_200_000))
  // After the month: not on its statement, not in its closing balance.
  await entry(user, 'earning', 9900, monthBack(0, 1).at)

  const text = await statementText(user, target.month)
  expect(text).toMatch(/Opening balance[\s\S]*€10\.00/)
  expect(text).toContain(`(${deal.dealCode})`)
  expect(text).toMatch(/Earnings — [^\n]*\n[^\n]*\n€5\.00/)
  expect(text).toMatch(/Adjustment — Goodwill gesture\n[^\n]*\n€2\.50/)
  expect(text).toMatch(/Payout to your bank account\n[^\n]*\n€12\.00/)
  // Debits 12.00, credits 5.00 + 2.50; closing 10.00 + 7.50 − 12.00.
  expect(text).toMatch(/Total of the month\n€12\.00\n€7\.50/)
  expect(text).toMatch(/Closing balance\n[^\n]*\n€5\.50/)
  expect(text).not.toContain('€99.00')

  // The month before: its one earning, from zero; in French, the app's money format.
  const french = await statementText(user, before.month, 'fr')
  expect(french).toMatch(/Solde au début du mois\n[^\n]*\n0,00\s€/)
  expect(french).toMatch(/Solde à la fin du mois\n[^\n]*\n10,00\s€/)
})

test("the platform's legal identity, from the configuration, and the holder's identity", async () => {
  const user = await holder()
  const text = await statementText(user, monthBack(0).month)
  expect(text).toContain('Issued by')
  expect(text).toContain('Streamdeals Test SAS')
  expect(text).toContain('8 avenue des Tests')
  expect(text).toContain('Registration number: 552 100 554')
  expect(text).toContain('VAT number: FR66552100554')
  expect(text).toContain('Ada Lovelace')
  expect(text).toContain('1 rue de la Paix')
  expect(text).toContain('No movement this month')
})

test('the VAT mention follows the status: a person none, a franchise business 293 B, a VAT business its number', async () => {
  const month = monthBack(0).month
  const person = await statementText(await holder(), month, 'fr')
  expect(person).not.toContain('293 B')
  expect(person).not.toMatch(/TVA non applicable|assujettie/)
  expect(person).toContain('revenus à déclarer')

  const franchise = await statementText(await holder(business()), month, 'fr')
  expect(franchise).toContain('Stream Studio')
  expect(franchise).toContain('TVA non applicable, art. 293 B du CGI')

  const registered = await statementText(await holder(business('FR12123456789')), month, 'fr')
  expect(registered).toContain('FR12123456789')
  expect(registered).toContain('assujettie à la TVA sous le numéro FR12123456789')
  expect(registered).not.toContain('293 B')
  expect(registered).not.toContain('revenus à déclarer')
})

test("another user cannot read someone's statement; signed out neither", async () => {
  const owner = await holder()
  await entry(owner, 'earning', 4321, monthBack(1).at)
  const attacker = await makeUser(t.app)
  const month = monthBack(1).month
  const stolen = await statement(attacker, owner, month)
  expect(stolen.statusCode).toBe(403)
  expect(stolen.rawPayload.includes(Buffer.from('%PDF'))).toBe(false)
  const anonymous = await call(t.app, 'walletStatement', {
    params: { username: owner.username },
    query: { month },
  })
  expect(anonymous.statusCode).toBe(401)
  // An admin may, as for every owner row.
  const admin = await makeUser(t.app, { admin: true })
  expect((await statement(admin, owner, month)).statusCode).toBe(200)
})

test('a month not begun yet, before the account, or malformed is refused with a field error', async () => {
  const user = await holder(personBody, 2)
  for (const month of [monthBack(-1).month, monthBack(3).month, '2026-13', '26-01']) {
    const answer = await statement(user, user, month)
    expect(answer.statusCode, month).toBe(400)
    expect(answer.json<{ code: string }>().code, month).toBe('FORM_0001')
  }
  expect((await statement(user, user, monthBack(2).month)).statusCode).toBe(200)
})
