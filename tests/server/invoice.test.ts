import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { invoiceCounters, invoices } from '#server/db/schema.ts'
import { call } from '../support/call'
import { createTestApp, type TestApp } from '../support/test-app'
import { makeUser, type TestUser } from '../support/test-users'
import { pdfText } from './pdf-text'
import { createWallet, creditDeal, dealFor, personBody } from './wallet-fixtures'

let testApp: TestApp

beforeAll(async () => {
  testApp = await createTestApp({
    env: {
      INVOICE_RECIPIENT_NAME: 'Streamdeals SAS',
      INVOICE_RECIPIENT_ADDRESS: '12 rue de la Paix|75002 Paris|France',
      INVOICE_RECIPIENT_COUNTRY: 'FR',
      INVOICE_RECIPIENT_VAT: 'FR40123456824',
    },
  })
})

afterAll(async () => {
  await testApp?.close()
})

async function endedDeal(user: TestUser, credits = [15, 15, 15]) {
  const deal = await dealFor(testApp.app, user)
  for (const cents of credits) await creditDeal(testApp.app, deal.dealId, cents)
  const stop = await call(testApp.app, 'userDealStop', {
    params: { username: user.username, code: deal.missionCode },
    as: user,
  })
  expect(stop.statusCode).toBe(200)
  return deal
}

const download = (user: TestUser, missionCode: string, language?: string) =>
  call(testApp.app, 'userDealInvoice', {
    params: { username: user.username, code: missionCode },
    as: user,
    headers: language ? { 'accept-language': language } : {},
  })

test('invoices of one issuer are numbered 1, 2, 3, and a re-download keeps its number and content', async () => {
  const user = await makeUser(testApp.app)
  await createWallet(testApp.app, user)
  const first = await endedDeal(user)
  const second = await endedDeal(user)
  const a = await download(user, first.missionCode)
  const b = await download(user, second.missionCode)
  expect(a.headers['content-disposition']).toContain(`invoice-000001-${first.dealCode}.pdf`)
  expect(b.headers['content-disposition']).toContain(`invoice-000002-${second.dealCode}.pdf`)
  expect(pdfText(a.rawPayload)).toContain('Invoice number 000001')

  // Later earnings or a changed wallet do not change an issued invoice.
  await creditDeal(testApp.app, first.dealId, 15).catch(() => undefined)
  const again = await download(user, first.missionCode)
  expect(again.headers['content-disposition']).toContain('invoice-000001-')
  expect(pdfText(again.rawPayload)).toBe(pdfText(a.rawPayload))
  const third = await endedDeal(user)
  expect((await download(user, third.missionCode)).headers['content-disposition']).toContain(
    'invoice-000003-',
  )

  // Another issuer counts from 1.
  const other = await makeUser(testApp.app)
  await createWallet(testApp.app, other)
  const theirs = await endedDeal(other)
  expect((await download(other, theirs.missionCode)).headers['content-disposition']).toContain(
    'invoice-000001-',
  )
})

test('concurrent first downloads file one invoice per deal; numbers neither repeat nor skip', async () => {
  const user = await makeUser(testApp.app)
  await createWallet(testApp.app, user)
  const deals = await Promise.all([endedDeal(user, [15]), endedDeal(user, [15]), endedDeal(user, [15])])
  // Each deal downloaded four times at once, all twelve requests together.
  const answers = await Promise.all(
    deals.flatMap((deal) => [0, 1, 2, 3].map(() => download(user, deal.missionCode))),
  )
  expect(answers.every((answer) => answer.statusCode === 200)).toBe(true)
  const rows = await testApp.app.db.select().from(invoices).where(eq(invoices.issuerId, user.id))
  expect(rows.map((row) => row.number).sort()).toEqual([1, 2, 3])
  for (const [index, deal] of deals.entries()) {
    const names = answers
      .slice(index * 4, index * 4 + 4)
      .map((answer) => /invoice-(\d+)-/.exec(String(answer.headers['content-disposition']))?.[1])
    expect(new Set(names).size).toBe(1)
    expect(rows.find((row) => row.dealId === deal.dealId)?.number).toBe(Number(names[0]))
  }
  const [counter] = await testApp.app.db
    .select()
    .from(invoiceCounters)
    .where(eq(invoiceCounters.issuerId, user.id))
  expect(counter?.lastNumber).toBe(3)
})

test("the invoice speaks the reader's language, names issuer and recipient, totals and the VAT mention", async () => {
  const user = await makeUser(testApp.app)
  await createWallet(testApp.app, user)
  const deal = await endedDeal(user)
  const french = pdfText((await download(user, deal.missionCode, 'fr-FR,fr;q=0.9')).rawPayload)
  expect(french).toContain('Facture')
  expect(french).toContain('Ada Lovelace')
  expect(french).toContain('1 rue de la Paix')
  expect(french).toContain('Streamdeals SAS')
  expect(french).toContain('75002 Paris')
  expect(french).toMatch(/0,45\s?€/)
  // The platform's registration, its default (the test names only the former variables).
  expect(french).toContain('123 456 824')
  // A private person: no VAT lines and no VAT mention (the franchise is a business's regime), the
  // reminder that earnings are income instead.
  expect(french).not.toContain('293 B')
  expect(french).not.toMatch(/TVA non applicable|TVA 0|Total HT|Total TTC/)
  expect(french).toContain('revenus à déclarer')
  const spanish = pdfText((await download(user, deal.missionCode, 'es-ES')).rawPayload)
  expect(spanish).toContain('Factura n.º 000001')
  const englishAnswer = await download(user, deal.missionCode, 'en-GB')
  expect(englishAnswer.statusCode).toBe(200)
  const english = pdfText(englishAnswer.rawPayload)
  expect(english).not.toMatch(/VAT not applicable|VAT 0|excluding VAT/)
  expect(english).not.toContain('Facture')
})

test('a business with an EU VAT number of another country bills under reverse charge; a domestic one adds VAT', async () => {
  const german = await makeUser(testApp.app)
  await createWallet(testApp.app, german, {
    ...personBody,
    kind: 'business',
    business: {
      name: 'Stream GmbH',
      registrationNumber: 'HRB 12345',
      vatNumber: 'DE123456789',
      address: { line1: 'Hauptstr. 1', city: 'Berlin', postalCode: '10115', country: 'DE' },
    },
  })
  const text = pdfText((await download(german, (await endedDeal(german)).missionCode, 'en')).rawPayload)
  expect(text).toContain('Stream GmbH')
  expect(text).toContain('Registration number: HRB 12345')
  expect(text).toContain('VAT number: DE123456789')
  expect(text).toContain('VAT number: FR40123456824')
  expect(text).toContain('Reverse charge')
  expect(text).toContain('Late payment')

  const french = await makeUser(testApp.app)
  await createWallet(testApp.app, french, {
    ...personBody,
    kind: 'business',
    business: {
      name: 'Stream SARL',
      registrationNumber: '123 456 789 RCS Paris',
      vatNumber: 'FR12123456789',
      address: { line1: '2 rue du Stream', city: 'Lyon', postalCode: '69001', country: 'FR' },
    },
  })
  const domestic = pdfText(
    (await download(french, (await endedDeal(french, [100, 100])).missionCode, 'fr')).rawPayload,
  )
  expect(domestic).toMatch(/TVA 20 %/)
  expect(domestic).toMatch(/2,00\s?€/)
  expect(domestic).toMatch(/0,40\s?€/)
  expect(domestic).toMatch(/2,40\s?€/)
})

test('an in-progress deal gets an unnumbered pro forma statement, not an invoice', async () => {
  const user = await makeUser(testApp.app)
  await createWallet(testApp.app, user)
  const deal = await dealFor(testApp.app, user)
  await creditDeal(testApp.app, deal.dealId, 15)
  const answer = await download(user, deal.missionCode, 'fr')
  expect(answer.statusCode, answer.body.slice(0, 300)).toBe(200)
  expect(answer.headers['content-disposition']).toContain(`streamdeals-${deal.dealCode}.pdf`)
  expect(pdfText(answer.rawPayload)).toContain('pro forma')
  expect(await testApp.app.db.select().from(invoices).where(eq(invoices.issuerId, user.id))).toEqual([])
})
