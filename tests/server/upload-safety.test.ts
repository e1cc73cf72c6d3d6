import { crc32, deflateSync } from 'node:zlib'
import sharp from 'sharp'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { uploadLimit } from '#server/http/multipart.ts'
import { endpoint } from '#shared/endpoints.ts'
import { call } from '../support/call'
import { createTestApp, type TestApp } from '../support/test-app'
import { makeUser, type TestUser } from '../support/test-users'
import { createWallet } from './wallet-fixtures'

/**
 * Uploads cannot hurt the server: an image is refused from its header when it declares too many
 * pixels (a small PNG can declare 6000 × 6000, over a hundred MB once decoded), and each user has an
 * upload allowance shared by avatars, KYC documents and admin images.
 */
let t: TestApp
let bigPng: Buffer
beforeAll(async () => {
  t = await createTestApp({ seed: false })
  // 6000 × 6000 of one colour: about 500 KB as a PNG, under every byte limit, 36 megapixels decoded.
  bigPng = await sharp({ create: { width: 6000, height: 6000, channels: 3, background: '#3366ff' } })
    .png()
    .toBuffer()
})
afterAll(() => t.close())

const smallPng = () =>
  sharp({ create: { width: 64, height: 64, channels: 3, background: '#c33' } })
    .png()
    .toBuffer()

/** A PNG made of a header that declares `side` × `side` pixels and a few bytes of data: nothing to decode. */
function pngHeaderOnly(side: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4)
    length.writeUInt32BE(data.length)
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
    const crc = Buffer.alloc(4)
    crc.writeUInt32BE(crc32(body))
    return Buffer.concat([length, body, crc])
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(side, 0)
  header.writeUInt32BE(side, 4)
  header[8] = 8 // bits per channel
  header[9] = 2 // RGB
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
  return Buffer.concat([
    signature,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(64))),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

function pictureForm(fields: Record<string, string>, file: { field: string; data: Buffer }) {
  const form = new FormData()
  for (const [key, value] of Object.entries(fields)) form.set(key, value)
  form.set(file.field, new Blob([new Uint8Array(file.data)], { type: 'image/png' }), 'picture.png')
  return form
}

async function multipart(fields: Record<string, string>, file: { field: string; data: Buffer }) {
  const form = pictureForm(fields, file)
  const request = new Request('http://test.invalid', { method: 'POST', body: form })
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    contentType: request.headers.get('content-type') ?? '',
  }
}

const send = async (
  url: string,
  who: TestUser,
  fields: Record<string, string>,
  file: { field: string; data: Buffer },
) => {
  const body = await multipart(fields, file)
  return t.app.inject({
    method: 'POST',
    url,
    headers: { ...who.auth, 'content-type': body.contentType },
    payload: body.payload,
  })
}

// Sent raw: the avatar form is a POST carrying `_method=put`, as a browser form sends it; the
// contract's row for it is the PUT.
const uploadAvatar = (who: TestUser, data: Buffer) =>
  send(endpoint('userUpdate', { user: who.username }), who, { _method: 'put' }, { field: 'avatar', data })
const uploadKyc = (who: TestUser, data: Buffer) =>
  call(t.app, 'walletKyc', {
    params: { username: who.username },
    as: who,
    body: pictureForm({ kind: 'identity' }, { field: 'document', data }),
  })
const uploadLogo = (admin: TestUser, data: Buffer, slug: string) =>
  call(t.app, 'adminProviderCreate', {
    as: admin,
    body: pictureForm(
      {
        payload: JSON.stringify({
          name: `Brand ${slug}`,
          slug,
          description: { en: 'A brand' },
          theme: 'arcade',
        }),
      },
      { field: 'logo', data },
    ),
  })

const fieldErrors = (
  response: { json(): { errors?: { children?: Record<string, { errors?: string[] }> } } },
  field: string,
) => response.json().errors?.children?.[field]?.errors

test('a 6000 × 6000 PNG avatar is refused as too large, with the limit in the message', async () => {
  const user = await makeUser(t.app)
  const response = await uploadAvatar(user, bigPng)
  expect(response.statusCode).toBe(400)
  expect(response.json().code).toBe('FORM_0001')
  expect(fieldErrors(response, 'avatar')).toEqual(['image.too_large'])
  expect(response.json().message).toMatch(/36 megapixels \(6000 × 6000\); at most 16\.8/)
})

test('the pixel limit is read from the header: a PNG declaring 50000 × 50000 is refused without decoding', async () => {
  const user = await makeUser(t.app)
  // Decoding this file would fail as unreadable (it holds 64 bytes of pixels): only the header answers.
  const response = await uploadAvatar(user, pngHeaderOnly(50_000))
  expect(response.statusCode).toBe(400)
  expect(fieldErrors(response, 'avatar')).toEqual(['image.too_large'])
})

test('a 12-megapixel phone photo is still a valid avatar', async () => {
  const user = await makeUser(t.app)
  const photo = await sharp({ create: { width: 4032, height: 3024, channels: 3, background: '#264' } })
    .png()
    .toBuffer()
  const response = await uploadAvatar(user, photo)
  expect(response.statusCode).toBe(200)
  expect(response.json().avatar.reference).toMatch(/\.webp$/)
})

test('a 6000 × 6000 PNG is refused as a KYC document and as a brand logo', async () => {
  const user = await makeUser(t.app)
  await createWallet(t.app, user)
  const kyc = await uploadKyc(user, bigPng)
  expect(kyc.statusCode).toBe(400)
  expect(fieldErrors(kyc, 'document')).toEqual(['image.too_large'])

  const admin = await makeUser(t.app, { admin: true })
  const logo = await uploadLogo(admin, bigPng, 'too-big-logo')
  expect(logo.statusCode).toBe(400)
  expect(fieldErrors(logo, 'logo')).toEqual(['image.too_large'])
})

test('the 21st avatar of a user within 10 minutes is refused with 429; other users are not affected', async () => {
  const user = await makeUser(t.app)
  const picture = await smallPng()
  for (let upload = 1; upload <= uploadLimit.max; upload++) {
    expect((await uploadAvatar(user, picture)).statusCode).toBe(200)
  }
  const refused = await uploadAvatar(user, picture)
  expect(refused.statusCode).toBe(429)
  expect(refused.json().code).toBe('RATE_LIMITED')
  expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)

  const someoneElse = await makeUser(t.app)
  expect((await uploadAvatar(someoneElse, picture)).statusCode).toBe(200)
})

test('KYC documents and admin images spend the same per-user upload allowance', async () => {
  const user = await makeUser(t.app)
  await createWallet(t.app, user)
  const admin = await makeUser(t.app, { admin: true })
  // The allowance already spent, as twenty earlier uploads would have spent it.
  for (const who of [user, admin]) {
    for (let upload = 0; upload < uploadLimit.max; upload++)
      await t.app.rateLimiter.consume(uploadLimit, who.id)
  }
  const picture = await smallPng()
  expect((await uploadKyc(user, picture)).statusCode).toBe(429)
  expect((await uploadLogo(admin, picture, 'late-logo')).statusCode).toBe(429)
  expect((await uploadAvatar(user, picture)).statusCode).toBe(429)
})
