/**
 * The payout rail: an admin batches pending payouts, downloads the SEPA credit-transfer file (checked
 * against the pain.001.001.03 schema), then marks each line paid or failed; each streamer is mailed
 * (real SMTP) and gets a push. Attackers: overlapping batches at once put each payout in one batch,
 * marking a line twice moves money once, and only admins reach any of it.
 */
import { readFileSync } from 'node:fs'
import { inArray } from 'drizzle-orm'
import { expect, test } from 'vitest'
import { validateXML } from 'xmllint-wasm'
import { payouts, pushOutbox } from '#server/db/schema.ts'
import type { PayoutBatchLineBody } from '#shared/contract/admin-review.ts'
import { call } from '../support/call'
import { makeUser, type TestUser } from '../support/test-users'
import { appWithMail } from './auth-helpers'
import { ledgerState, payableUser } from './wallet-fixtures'

const mail = appWithMail({ env: { MIN_PAYOUT_CENTS: '1000', EARNINGS_HOLD_HOURS: '0' } })
const schema = readFileSync(new URL('../fixtures/sepa/pain.001.001.03-subset.xsd', import.meta.url), 'utf8')

let keys = 0
async function pendingPayout(cents: number) {
  const { user } = await payableUser(mail.app, cents)
  keys += 1
  const answer = await call(mail.app, 'walletPayout', {
    params: { username: user.username },
    as: user,
    headers: { 'idempotency-key': `batch-${keys}` },
    body: { amount: cents },
  })
  if (answer.statusCode !== 201) throw new Error(answer.body)
  return { user, payoutId: answer.answer().id }
}

const createBatch = (payoutIds: string[], who: TestUser) =>
  call(mail.app, 'adminPayoutBatchCreate', { as: who, body: { payoutIds } })
const markLine = (batchId: string, payoutId: string, body: PayoutBatchLineBody, who: TestUser) =>
  call(mail.app, 'adminPayoutBatchLine', { params: { id: batchId, payoutId }, as: who, body })
const batchFile = (batchId: string, who: TestUser) =>
  call(mail.app, 'adminPayoutBatchFile', { params: { id: batchId }, as: who })

async function schemaErrors(xml: string) {
  const result = await validateXML({
    xml: [{ fileName: 'batch.xml', contents: xml }],
    schema: [{ fileName: 'pain.001.001.03.xsd', contents: schema }],
  })
  return result.errors.map((error) => error.rawMessage)
}

test('a batch records its payouts, total, author and message id; its file is a valid pain.001', async () => {
  const admin = await makeUser(mail.app, { admin: true })
  const first = await pendingPayout(1250)
  const second = await pendingPayout(4099)
  const created = await createBatch([first.payoutId, second.payoutId], admin)
  expect(created.statusCode).toBe(201)
  const batch = created.answer()
  expect(batch).toMatchObject({ total: 5349, createdBy: admin.username })
  expect(batch.messageId).toMatch(/^SD-\d{8}-[0-9a-f]{8}$/)
  expect(batch.lines.map((line) => line.payoutId).sort()).toEqual([first.payoutId, second.payoutId].sort())

  const listed = await call(mail.app, 'adminPayouts', { as: admin, query: { status: 'pending' } })
  const batched = listed.answer().items.filter((item) => item.id === first.payoutId)
  expect(batched[0]?.batchId).toBe(batch.id)

  const file = await batchFile(batch.id, admin)
  expect(file.statusCode).toBe(200)
  expect(file.headers['content-type']).toContain('application/xml')
  const xml = file.body
  expect(await schemaErrors(xml)).toEqual([])
  expect(xml).toContain(`<MsgId>${batch.messageId}</MsgId>`)
  expect(xml).toContain('<NbOfTxs>2</NbOfTxs>')
  expect(xml).toContain('<CtrlSum>53.49</CtrlSum>')
  expect(xml).toContain('<InstdAmt Ccy="EUR">40.99</InstdAmt>')
  // The demo debtor outside production; the creditor is the streamer's full IBAN (never shown masked).
  expect(xml).toContain('<IBAN>FR7630006000011234567890189</IBAN>')
  expect(xml).toContain(`<EndToEndId>${first.payoutId.replace(/-/g, '')}</EndToEndId>`)
})

test('the schema check can fail: a file with a broken amount or a missing message id is refused', async () => {
  const admin = await makeUser(mail.app, { admin: true })
  const { payoutId } = await pendingPayout(1000)
  const batch = (await createBatch([payoutId], admin)).answer()
  const xml = (await batchFile(batch.id, admin)).body
  expect((await schemaErrors(xml.replace('Ccy="EUR">10.00<', 'Ccy="EUR">ten<'))).length).toBeGreaterThan(0)
  expect((await schemaErrors(xml.replace(/<MsgId>[^<]+<\/MsgId>/, ''))).length).toBeGreaterThan(0)
})

test('lines are marked paid or failed once; failed goes back to the balance; each streamer is told', async () => {
  const admin = await makeUser(mail.app, { admin: true })
  const paid = await pendingPayout(2000)
  const failed = await pendingPayout(3000)
  const batch = (await createBatch([paid.payoutId, failed.payoutId], admin)).answer()

  const answers = await Promise.all([
    markLine(batch.id, paid.payoutId, { status: 'paid' }, admin),
    markLine(batch.id, paid.payoutId, { status: 'paid' }, admin),
    markLine(batch.id, paid.payoutId, { status: 'failed' }, admin),
  ])
  expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409])
  const failing = await markLine(
    batch.id,
    failed.payoutId,
    { status: 'failed', reason: 'Account closed' },
    admin,
  )
  expect(failing.json()).toMatchObject({ status: 'failed', amount: 3000 })
  expect((await markLine(batch.id, failed.payoutId, { status: 'failed' }, admin)).statusCode).toBe(409)

  const settledFirst = answers.find((answer) => answer.statusCode === 200)?.json().status
  const paidBalance = settledFirst === 'paid' ? 0 : 2000
  expect(await ledgerState(mail.app.db, paid.user.id)).toMatchObject({
    balance: paidBalance,
    sum: paidBalance,
  })
  expect(await ledgerState(mail.app.db, failed.user.id)).toMatchObject({ balance: 3000, sum: 3000 })

  const failedMail = await mail.smtp.nextMail(`${failed.user.username}@example.test`, 'Your payout failed')
  expect(failedMail.raw).toContain('Account closed')
  await mail.smtp.nextMail(`${paid.user.username}@example.test`, 'Your payout')
  await new Promise((resolve) => setTimeout(resolve, 300))
  expect(
    mail.smtp.mails.filter((entry) => entry.to.includes(`${paid.user.username}@example.test`)),
  ).toHaveLength(1)
  const pushes = await mail.app.db
    .select({ kind: pushOutbox.kind, userId: pushOutbox.userId })
    .from(pushOutbox)
    .where(inArray(pushOutbox.userId, [paid.user.id, failed.user.id]))
  expect(pushes.filter((push) => push.userId === paid.user.id)).toHaveLength(1)
  expect(pushes.find((push) => push.userId === failed.user.id)?.kind).toBe('payout_failed')

  // A payout of another batch, or of none, is not a line of this one.
  const other = await pendingPayout(1500)
  expect((await markLine(batch.id, other.payoutId, { status: 'paid' }, admin)).statusCode).toBe(404)
})

test('overlapping batches made at once put each payout in exactly one batch', async () => {
  const admin = await makeUser(mail.app, { admin: true })
  const payoutIds: string[] = []
  for (let index = 0; index < 4; index += 1) payoutIds.push((await pendingPayout(1000 + index)).payoutId)
  const [a, b, c, d] = payoutIds as [string, string, string, string]
  const answers = await Promise.all([
    createBatch([a, b, c], admin),
    createBatch([b, c, d], admin),
    createBatch([c, d], admin),
  ])
  const made = answers.filter((answer) => answer.statusCode === 201).map((answer) => answer.answer())
  expect(answers.filter((answer) => answer.statusCode === 409)).toHaveLength(answers.length - made.length)
  const claimed = made.flatMap((batch) => batch.lines.map((line) => line.payoutId))
  expect(new Set(claimed).size).toBe(claimed.length)
  const rows = await mail.app.db.select().from(payouts).where(inArray(payouts.id, payoutIds))
  for (const batch of made) {
    const stored = rows.filter((row) => row.batchId === batch.id).map((row) => row.id)
    expect(stored.sort()).toEqual(batch.lines.map((line) => line.payoutId).sort())
  }
})

test('only admins batch, download or mark; the file is off in production without a debtor', async () => {
  const { user, payoutId } = await pendingPayout(1000)
  const admin = await makeUser(mail.app, { admin: true })
  expect((await createBatch([payoutId], user)).statusCode).toBe(403)
  const batch = (await createBatch([payoutId], admin)).answer()
  for (const request of [
    () => call(mail.app, 'adminPayoutBatches', { as: user }),
    () => batchFile(batch.id, user),
    () => markLine(batch.id, payoutId, { status: 'paid' }, user),
  ]) {
    expect((await request()).statusCode).toBe(403)
  }
  const { loadConfig } = await import('#server/config.ts')
  expect(loadConfig({ NODE_ENV: 'production' }).sepaDebtor).toBeUndefined()
  expect(() =>
    loadConfig({
      SEPA_DEBTOR_NAME: 'X',
      SEPA_DEBTOR_IBAN: 'FR7630006000011234567890188',
      SEPA_DEBTOR_BIC: 'AGRIFRPP',
    }),
  ).toThrow(/SEPA_DEBTOR_IBAN/)
  expect(() =>
    loadConfig({
      SEPA_DEBTOR_NAME: 'X',
      SEPA_DEBTOR_IBAN: 'FR7630006000011234567890189',
      SEPA_DEBTOR_BIC: 'nope',
    }),
  ).toThrow(/SEPA_DEBTOR_BIC/)
  expect(() => loadConfig({ SEPA_DEBTOR_NAME: 'X' })).toThrow(/SEPA_DEBTOR_IBAN/)
})
