import { io as connect } from 'socket.io-client'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { emitWalletUpdated } from '#server/features/wallet/wallet-service.ts'
import type { Transaction, Wallet } from '#shared/contract/wallet.ts'
import { call } from '../support/call'
import { createTestApp, type TestApp } from '../support/test-app'
import { makeUser, type TestUser } from '../support/test-users'
import {
  addBankAccount,
  createWallet,
  credit,
  IBAN_DE,
  IBAN_FR,
  payableUser,
  personBody,
  readWallet,
} from './wallet-fixtures'

let t: TestApp
beforeAll(async () => {
  // Earnings available at once: these suites test the wallet itself; holds have earnings-hold.test.ts.
  t = await createTestApp({
    seed: false,
    listen: true,
    env: { MIN_PAYOUT_CENTS: '1000', EARNINGS_HOLD_HOURS: '0' },
  })
})
afterAll(() => t.close())

const own = (user: TestUser) => ({ params: { username: user.username }, as: user })

test('a user without a wallet gets 404, even when earnings already arrived', async () => {
  const user = await makeUser(t.app)
  expect((await call(t.app, 'walletGet', own(user))).statusCode).toBe(404)
  await credit(t.app, user.id, 500)
  expect((await call(t.app, 'walletGet', own(user))).statusCode).toBe(404)
  const history = await call(t.app, 'walletTransactions', own(user))
  expect(history.answer().items).toHaveLength(1)
})

test('creating a wallet keeps earlier earnings, and a second creation is a conflict', async () => {
  const user = await makeUser(t.app)
  await credit(t.app, user.id, 1234)
  const wallet = await createWallet(t.app, user)
  expect(wallet.balance).toEqual({ amount: 1234, currency: 'EUR' })
  expect(wallet.person.firstName).toBe('Ada')
  expect(wallet.stripe.status.person).toEqual({ status: 'none', reason: null })
  expect(wallet.informations.bankAccounts).toEqual([])
  const again = await call(t.app, 'walletCreate', { ...own(user), body: personBody })
  expect(again.statusCode).toBe(409)
})

test('wallet bodies are validated field by field', async () => {
  const user = await makeUser(t.app)
  const response = await call(t.app, 'walletCreate', {
    ...own(user),
    body: { kind: 'business', person: { ...personBody.person, birthDate: '2999-01-01' } },
  })
  expect(response.statusCode).toBe(400)
  const errors = response.json().errors
  expect(errors.children.person.children.birthDate.errors[0]).toMatch(/^validation\./)
  const noBusiness = await call(t.app, 'walletCreate', {
    ...own(user),
    body: { ...personBody, kind: 'business' },
  })
  expect(noBusiness.json().errors.children.business.errors).toEqual(['validation.required'])
})

test('another user cannot read or change a wallet; anonymous callers get 401', async () => {
  const owner = await makeUser(t.app)
  const stranger = await makeUser(t.app)
  await createWallet(t.app, owner)
  const ownerWallet = { username: owner.username }
  expect((await call(t.app, 'walletGet', { params: ownerWallet })).statusCode).toBe(401)
  expect((await call(t.app, 'walletGet', { params: ownerWallet, as: stranger })).statusCode).toBe(403)
  const payout = await call(t.app, 'walletPayout', {
    params: ownerWallet,
    as: stranger,
    headers: { 'idempotency-key': 'k' },
    body: { amount: 1000 },
  })
  expect(payout.statusCode).toBe(403)
})

test('updating a wallet to a business stores the business and needs the company registration', async () => {
  const user = await makeUser(t.app)
  await createWallet(t.app, user)
  const business = {
    name: 'Lovelace Streams SAS',
    registrationNumber: '123 456 789',
    address: { line1: '2 avenue Foch', city: 'Lyon', postalCode: '69006', country: 'FR' },
  }
  const response = await call(t.app, 'walletUpdate', {
    ...own(user),
    body: { ...personBody, kind: 'business', business },
  })
  expect(response.statusCode).toBe(200)
  expect(response.answer().business?.name).toBe('Lovelace Streams SAS')
})

test('bank accounts: IBAN checked, masked, first is default, default moves on deactivation', async () => {
  const user = await makeUser(t.app)
  await createWallet(t.app, user)
  const bad = await call(t.app, 'walletBankAccountCreate', {
    ...own(user),
    body: { holderName: 'Ada', iban: 'FR7630006000011234567890188' },
  })
  expect(bad.statusCode).toBe(400)
  expect(bad.json().errors.children.iban.errors).toEqual(['validation.iban_checksum'])
  // Library cases (ibantools' suite) the hand-written check accepted: refused, saying why.
  for (const [iban, rule] of [
    ['GB00HLFX11016111455365', 'validation.iban_checksum'],
    ['ES8350210036679521296135', 'validation.iban_checksum'],
    ['SA0380000000608010167519', 'validation.iban_sepa'],
  ] as const) {
    const refused = await call(t.app, 'walletBankAccountCreate', {
      ...own(user),
      body: { holderName: 'Ada', iban },
    })
    expect(refused.statusCode).toBe(400)
    expect(refused.json().errors.children.iban.errors).toEqual([rule])
  }

  const first = await addBankAccount(t.app, user, 'fr76 3000 6000 0112 3456 7890 189')
  const second = await addBankAccount(t.app, user, IBAN_DE)
  const duplicate = await call(t.app, 'walletBankAccountCreate', {
    ...own(user),
    body: { holderName: 'Ada', iban: IBAN_FR },
  })
  expect(duplicate.statusCode).toBe(409)

  const wallet = await readWallet(t.app, user)
  expect(wallet.informations.bankAccounts.map((a) => [a.ibanMasked, a.isDefault, a.country])).toEqual([
    ['FR76 •••• •••• 0189', true, 'FR'],
    ['DE89 •••• •••• 3000', false, 'DE'],
  ])
  expect(JSON.stringify(wallet)).not.toContain('30006000011234567890')

  const off = await call(t.app, 'walletBankAccountUnactivate', {
    params: { username: user.username, bankId: first.id },
    as: user,
  })
  expect(off.answer()).toMatchObject({ active: false, isDefault: false })
  const after = await readWallet(t.app, user)
  expect(after.informations.bankAccounts.find((a) => a.id === second.id)?.isDefault).toBe(true)

  const makeDefaultInactive = await call(t.app, 'walletBankAccountDefault', {
    params: { username: user.username, bankId: first.id },
    as: user,
  })
  expect(makeDefaultInactive.statusCode).toBe(409)
  const junkId = await call(t.app, 'walletBankAccountDefault', {
    params: { username: user.username, bankId: 'not-a-uuid' },
    as: user,
  })
  expect(junkId.statusCode).toBe(404)
})

test('transactions page newest first with a cursor, and each has a detail', async () => {
  const user = await makeUser(t.app)
  for (let index = 1; index <= 5; index += 1) await credit(t.app, user.id, index * 100, `earning ${index}`)
  const first = await call(t.app, 'walletTransactions', { ...own(user), query: { limit: '2' } })
  const page = first.answer()
  expect(page.total).toBe(5)
  expect(page.items.map((item) => item.amount.amount)).toEqual([500, 400])
  const second = await call(t.app, 'walletTransactions', {
    ...own(user),
    query: { limit: '2', cursor: page.nextCursor ?? undefined },
  })
  expect(second.answer().items.map((item: Transaction) => item.amount.amount)).toEqual([300, 200])
  const [item] = page.items
  const detail = await call(t.app, 'walletTransaction', {
    params: { username: user.username, transactionId: item?.id ?? '' },
    as: user,
  })
  expect(detail.answer()).toEqual(item)
  const broken = await call(t.app, 'walletTransactions', { ...own(user), query: { cursor: 'zzz' } })
  expect(broken.statusCode).toBe(400)
})

test('onboarding tells the four steps', async () => {
  const { user } = await payableUser(t.app, 0)
  const steps = await call(t.app, 'walletOnboarding', own(user))
  expect(steps.answer()).toEqual({
    profileComplete: false,
    walletCreated: true,
    bankAccountAdded: true,
    certificationVerified: true,
  })
})

test('wallet changes arriving while a push is read make one more push, not one each', async () => {
  // A raid credits a streamer several times a second: ten changes at once are two pushes, the second
  // carrying every change, and every caller waits for the push that includes its change.
  const user = await makeUser(t.app)
  await createWallet(t.app, user)
  const socket = connect(t.url ?? '', { auth: { token: user.token }, transports: ['websocket'] })
  try {
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve())
      socket.once('connect_error', reject)
    })
    const pushes: Wallet[] = []
    socket.on('wallet:updated', (wallet) => pushes.push(wallet))
    await Promise.all(Array.from({ length: 10 }, () => emitWalletUpdated(t.app, user.id)))
    await expect.poll(() => pushes.length).toBe(2)
    // Nothing else trails behind.
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(pushes).toHaveLength(2)
  } finally {
    socket.disconnect()
  }
})

test('every wallet change pushes wallet:updated to the owner', async () => {
  const user = await makeUser(t.app)
  await createWallet(t.app, user)
  const socket = connect(t.url ?? '', { auth: { token: user.token }, transports: ['websocket'] })
  try {
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve())
      socket.once('connect_error', reject)
    })
    const pushed = new Promise<Wallet>((resolve) => socket.once('wallet:updated', resolve))
    await addBankAccount(t.app, user)
    const wallet = await pushed
    expect(wallet.informations.bankAccounts).toHaveLength(1)
  } finally {
    socket.disconnect()
  }
})
