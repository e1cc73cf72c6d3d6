import { type } from 'arktype'
import sharp from 'sharp'
import { afterAll, beforeAll, expect, test } from 'vitest'
import type { walletAdminEndpoints } from '#shared/contract/admin.ts'
import { endpointSchemas } from '#shared/contract/api.ts'
import type { EndpointSchemas } from '#shared/contract/endpoint-schema.ts'
import type { walletEndpoints } from '#shared/contract/wallet.ts'
import { call } from '../support/call'
import { createTestApp, type TestApp } from '../support/test-app'
import { makeUser, type TestUser } from '../support/test-users'
import { credit, IBAN_DE, multipartForm, personBody } from './wallet-fixtures'

// The wallet rows of the endpoint table describe what the server answers (the client's types and the
// OpenAPI document come from them): each answer must pass its row's response schema, with its status.

let t: TestApp
let owner: TestUser
let admin: TestUser

beforeAll(async () => {
  t = await createTestApp({ seed: false })
  owner = await makeUser(t.app)
  admin = await makeUser(t.app, { admin: true })
})
afterAll(() => t?.close())

/** The JSON answers (the document download answers the file itself, checked by its media type). */
type WalletRow =
  | Exclude<keyof typeof walletEndpoints, 'walletKycDocument' | 'walletActivityExport' | 'walletStatement'>
  | keyof typeof walletAdminEndpoints

interface Answer {
  statusCode: number
  body: string
  json(): unknown
}

function expectRowAnswer(name: WalletRow, response: Answer) {
  const row: EndpointSchemas = endpointSchemas[name]
  expect(response.statusCode, `${name}: ${response.body}`).toBe(row.status ?? 200)
  const checked = endpointSchemas[name].response(response.json())
  expect(checked instanceof type.errors ? checked.summary : 'valid', name).toBe('valid')
}

test('every wallet endpoint answers what its row of the endpoint table says', async () => {
  const own = { params: { username: owner.username }, as: owner }
  expectRowAnswer('walletCreate', await call(t.app, 'walletCreate', { ...own, body: personBody }))
  expectRowAnswer('walletUpdate', await call(t.app, 'walletUpdate', { ...own, body: personBody }))
  expectRowAnswer('walletGet', await call(t.app, 'walletGet', own))
  expectRowAnswer('walletOnboarding', await call(t.app, 'walletOnboarding', own))

  const added = await call(t.app, 'walletBankAccountCreate', {
    ...own,
    body: { holderName: 'Ada', iban: IBAN_DE },
  })
  expectRowAnswer('walletBankAccountCreate', added)
  const bank = { params: { username: owner.username, bankId: added.answer().id }, as: owner }
  expectRowAnswer('walletBankAccountDefault', await call(t.app, 'walletBankAccountDefault', bank))

  const photo = await sharp({ create: { width: 32, height: 24, channels: 3, background: '#36c' } })
    .png()
    .toBuffer()
  const form = multipartForm({ kind: 'identity' }, { name: 'id.png', type: 'image/png', data: photo })
  const uploaded = await call(t.app, 'walletKyc', { ...own, body: form })
  expectRowAnswer('walletKyc', uploaded)
  const documentId = uploaded.answer().id
  expectRowAnswer('walletKycDocuments', await call(t.app, 'walletKycDocuments', own))
  const file = await call(t.app, 'walletKycDocument', {
    params: { username: owner.username, documentId },
    as: owner,
  })
  expect(file.statusCode).toBe(200)
  expect(file.headers['content-type']).toBe('image/png')

  expectRowAnswer('adminKyc', await call(t.app, 'adminKyc', { as: admin, query: { status: 'pending' } }))
  expectRowAnswer(
    'adminKycReview',
    await call(t.app, 'adminKycReview', {
      params: { id: documentId },
      as: admin,
      body: { status: 'verified' },
    }),
  )

  const adjusted = await call(t.app, 'adminWalletAdjustment', {
    params: { username: owner.username },
    as: admin,
    body: { amount: 2500, reason: 'Welcome bonus' },
  })
  expectRowAnswer('adminWalletAdjustment', adjusted)
  // A held earning beside the adjustment (available at once, so the payout below is payable).
  await credit(t.app, owner.id, 1500)
  const transactions = await call(t.app, 'walletTransactions', { ...own, query: { limit: '1' } })
  expectRowAnswer('walletTransactions', transactions)
  const [first] = transactions.answer().items
  expectRowAnswer(
    'walletTransaction',
    await call(t.app, 'walletTransaction', {
      params: { username: owner.username, transactionId: first?.id ?? '' },
      as: owner,
    }),
  )

  const payout = await call(t.app, 'walletPayout', {
    ...own,
    headers: { 'idempotency-key': 'contract-1' },
    body: { amount: t.app.config.minPayoutCents },
  })
  expectRowAnswer('walletPayout', payout)
  expectRowAnswer('walletPayouts', await call(t.app, 'walletPayouts', own))
  expectRowAnswer(
    'adminPayouts',
    await call(t.app, 'adminPayouts', { as: admin, query: { status: 'pending' } }),
  )
  expectRowAnswer(
    'adminPayoutUpdate',
    await call(t.app, 'adminPayoutUpdate', {
      params: { id: payout.answer().id },
      as: admin,
      body: { status: 'paid' },
    }),
  )

  expectRowAnswer('walletBankAccountUnactivate', await call(t.app, 'walletBankAccountUnactivate', bank))
})
