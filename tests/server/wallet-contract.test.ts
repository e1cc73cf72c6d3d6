import { type } from 'arktype'
import sharp from 'sharp'
import { afterAll, beforeAll, expect, test } from 'vitest'
import type { walletAdminEndpoints } from '#shared/contract/admin.ts'
import { endpointSchemas } from '#shared/contract/api.ts'
import type { EndpointSchemas } from '#shared/contract/endpoint-schema.ts'
import type { walletEndpoints } from '#shared/contract/wallet.ts'
import { createTestApp, type TestApp } from '../support/test-app'
import { createUser, credit, IBAN_DE, multipartBody, personBody, type TestUser } from './wallet-fixtures'

// The wallet rows of the endpoint table describe what the server answers (the client's types and the
// OpenAPI document come from them): each answer must pass its row's response schema, with its status.

let t: TestApp
let owner: TestUser
let admin: TestUser

beforeAll(async () => {
  t = await createTestApp({ seed: false })
  owner = await createUser(t.app.db)
  admin = await createUser(t.app.db, { admin: true })
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

const call = (who: TestUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) })

test('every wallet endpoint answers what its row of the endpoint table says', async () => {
  const wallet = `/api/wallets/user/${owner.username}`
  expectRowAnswer('walletCreate', await call(owner, 'POST', wallet, personBody))
  expectRowAnswer('walletUpdate', await call(owner, 'PUT', wallet, personBody))
  expectRowAnswer('walletGet', await call(owner, 'GET', wallet))
  expectRowAnswer('walletOnboarding', await call(owner, 'GET', `${wallet}/onboarding`))

  const added = await call(owner, 'POST', `${wallet}/bank-account`, { holderName: 'Ada', iban: IBAN_DE })
  expectRowAnswer('walletBankAccountCreate', added)
  const bankId = (added.json() as { id: string }).id
  expectRowAnswer(
    'walletBankAccountDefault',
    await call(owner, 'PUT', `${wallet}/bank-account/${bankId}/default`),
  )

  const photo = await sharp({ create: { width: 32, height: 24, channels: 3, background: '#36c' } })
    .png()
    .toBuffer()
  const form = await multipartBody({ kind: 'identity' }, { name: 'id.png', type: 'image/png', data: photo })
  const uploaded = await t.app.inject({
    method: 'POST',
    url: `${wallet}/kyc`,
    headers: { ...owner.headers, 'content-type': form.contentType },
    payload: form.payload,
  })
  expectRowAnswer('walletKyc', uploaded)
  const documentId = (uploaded.json() as { id: string }).id
  expectRowAnswer('walletKycDocuments', await call(owner, 'GET', `${wallet}/kyc`))
  const file = await call(owner, 'GET', `${wallet}/kyc/${documentId}`)
  expect(file.statusCode).toBe(200)
  expect(file.headers['content-type']).toBe('image/png')

  expectRowAnswer('adminKyc', await call(admin, 'GET', '/api/admin/kyc?status=pending'))
  expectRowAnswer(
    'adminKycReview',
    await call(admin, 'PUT', `/api/admin/kyc/${documentId}`, { status: 'verified' }),
  )

  const adjusted = await call(admin, 'POST', `/api/admin/wallets/${owner.username}/adjustments`, {
    amount: 2500,
    reason: 'Welcome bonus',
  })
  expectRowAnswer('adminWalletAdjustment', adjusted)
  // A held earning beside the adjustment (available at once, so the payout below is payable).
  await credit(t.app, owner.id, 1500)
  const transactions = await call(owner, 'GET', `${wallet}/transactions?limit=1`)
  expectRowAnswer('walletTransactions', transactions)
  const [first] = (transactions.json() as { items: { id: string }[] }).items
  expectRowAnswer('walletTransaction', await call(owner, 'GET', `${wallet}/transactions/${first?.id}`))

  const payout = await t.app.inject({
    method: 'POST',
    url: `${wallet}/payout`,
    headers: { ...owner.headers, 'idempotency-key': 'contract-1' },
    payload: { amount: t.app.config.minPayoutCents },
  })
  expectRowAnswer('walletPayout', payout)
  expectRowAnswer('walletPayouts', await call(owner, 'GET', `${wallet}/payouts`))
  expectRowAnswer('adminPayouts', await call(admin, 'GET', '/api/admin/payouts?status=pending'))
  const payoutId = (payout.json() as { id: string }).id
  expectRowAnswer(
    'adminPayoutUpdate',
    await call(admin, 'PUT', `/api/admin/payouts/${payoutId}`, { status: 'paid' }),
  )

  expectRowAnswer(
    'walletBankAccountUnactivate',
    await call(owner, 'PUT', `${wallet}/bank-account/${bankId}/unactivate`),
  )
})
