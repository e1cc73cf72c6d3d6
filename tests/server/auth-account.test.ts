import { existsSync } from 'node:fs'
import { join } from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { platforms } from '#server/db/schema.ts'
import type { BodyInputOf } from '#shared/contract/api.ts'
import { endpoint } from '#shared/endpoints.ts'
import { call } from '../support/call'
import { createTestApp, type TestApp } from '../support/test-app'
import { signin, signup, strongPassword } from './auth-helpers'

let testApp: TestApp

beforeAll(async () => {
  testApp = await createTestApp({ seed: false })
})

afterAll(async () => {
  await testApp?.close()
})

const app = () => testApp.app
const put = (username: string, body: BodyInputOf<'userUpdate'>, headers: Record<string, string>) =>
  call(app(), 'userUpdate', { params: { user: username }, body, headers })

function multipart(fields: Record<string, string>, file?: { name: string; filename: string; data: Buffer }) {
  const boundary = '----streamdeals-test-boundary'
  const parts: Buffer[] = []
  for (const [key, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`),
    )
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="${file.filename}"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    )
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`))
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` }
}

test('the profile updates phone and locale and answers the new self view', async () => {
  const { username, auth } = await signup(app())
  const response = await put(username, { phone: '+33 6 12 34 56 78', locale: 'fr' }, auth)
  expect(response.statusCode).toBe(200)
  expect(response.json()).toMatchObject({ username, phone: '+33 6 12 34 56 78', locale: 'fr' })
  const cleared = await put(username, { phone: null }, auth)
  expect(cleared.json().phone).toBeNull()
})

test('roles and verification flags in a profile update are refused and change nothing', async () => {
  const { username, auth } = await signup(app())
  // Off the contract on purpose (fields a profile update does not take), so sent as it is.
  const response = await app().inject({
    method: 'PUT',
    url: endpoint('userUpdate', { user: username }),
    payload: { roles: ['admin'], emailVerified: true, id: 'x' },
    headers: auth,
  })
  expect(response.statusCode).toBe(400)
  expect(response.json().errors.children.roles.errors).toEqual(['validation.unknown'])
  const again = await signin(app(), username, strongPassword)
  expect(again.json().user.roles).toEqual(['user'])
  expect(again.json().user.emailVerified).toBe(false)
})

test('changing e-mail or password needs the right current password', async () => {
  const { username, auth } = await signup(app())
  const missing = await put(username, { email: `${username}-new@example.test` }, auth)
  expect(missing.statusCode).toBe(400)
  expect(missing.json().errors.children.currentPassword.errors).toEqual(['validation.required'])
  const wrong = await put(
    username,
    { plainPassword: 'N3w-password', currentPassword: 'Wrong-passw0rd' },
    auth,
  )
  expect(wrong.statusCode).toBe(400)
  expect(wrong.json().errors.children.currentPassword.errors).toEqual(['password.current_invalid'])
  const email = await put(
    username,
    { email: `${username}-new@example.test`, currentPassword: strongPassword },
    auth,
  )
  expect(email.statusCode).toBe(200)
  expect(email.json()).toMatchObject({ email: `${username}-new@example.test`, emailVerified: false })
})

test('a password change keeps this session, ends the others, and the new password works', async () => {
  const { username, auth } = await signup(app())
  const other = { authorization: `Bearer ${(await signin(app(), username, strongPassword)).json().code}` }
  const changed = await put(
    username,
    { plainPassword: 'N3w-password', currentPassword: strongPassword },
    auth,
  )
  expect(changed.statusCode).toBe(200)
  const list = (headers: Record<string, string>) =>
    call(app(), 'platforms', { params: { username }, headers })
  expect((await list(auth)).statusCode).toBe(200)
  expect((await list(other)).statusCode).toBe(401)
  expect((await signin(app(), username, 'N3w-password')).statusCode).toBe(200)
})

test('an avatar is checked by content, re-encoded without metadata and stored under a server name', async () => {
  const { username, auth } = await signup(app())
  const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366ff' } })
    .png()
    .withMetadata({ exif: { IFD0: { Artist: 'Secret Person' } } })
    .toBuffer()
  const form = multipart({ _method: 'put' }, { name: 'avatar', filename: '../../evil.png', data: photo })
  // A hand-made multipart body sent by POST with the method override, as a browser form does: raw.
  const response = await app().inject({
    method: 'POST',
    url: endpoint('userUpdate', { user: username }),
    payload: form.payload,
    headers: { ...auth, 'content-type': form.contentType },
  })
  expect(response.statusCode).toBe(200)
  const avatar = response.json().avatar
  expect(avatar.path).toBe('avatars/')
  expect(avatar.reference).toMatch(/^[0-9a-f-]{36}\.webp$/)
  const stored = join(app().config.dataDir, 'uploads', 'public', 'avatars', avatar.reference)
  expect(existsSync(stored)).toBe(true)
  const served = await app().inject({ method: 'GET', url: `/uploads/avatars/${avatar.reference}` })
  expect(served.statusCode).toBe(200)
  const metadata = await sharp(served.rawPayload).metadata()
  expect(metadata.format).toBe('webp')
  expect(metadata.exif).toBeUndefined()
  expect(served.rawPayload.includes(Buffer.from('Secret Person'))).toBe(false)
})

test('a file that only claims to be an image is refused as an avatar', async () => {
  const { username, auth } = await signup(app())
  const form = multipart(
    { _method: 'put' },
    { name: 'avatar', filename: 'me.png', data: Buffer.from('<script>alert(1)</script>') },
  )
  const response = await app().inject({
    method: 'POST',
    url: endpoint('userUpdate', { user: username }),
    payload: form.payload,
    headers: { ...auth, 'content-type': form.contentType },
  })
  expect(response.statusCode).toBe(400)
  expect(response.json().errors.children.avatar.errors).toEqual(['validation.image'])
})

test('connected platforms are listed and disconnected by their owner', async () => {
  const { username, user, auth } = await signup(app())
  const list = () => call(app(), 'platforms', { params: { username }, headers: auth })
  const remove = () =>
    call(app(), 'platformDelete', { params: { username, code: 'twitch', reference: '4242' }, headers: auth })
  expect((await list()).answer()).toEqual({ items: [] })
  await app()
    .db.insert(platforms)
    .values({ userId: user.id, code: 'twitch', reference: '4242', displayName: 'Streamer42' })
  const listed = await list()
  expect(listed.json().items).toEqual([
    expect.objectContaining({ code: 'twitch', reference: '4242', displayName: 'Streamer42' }),
  ])
  const removed = await remove()
  expect(removed.statusCode).toBe(204)
  const again = await remove()
  expect(again.statusCode).toBe(404)
})

test('Twitch connect says clearly that it is off when the server has no Twitch credentials', async () => {
  const { auth } = await signup(app())
  const response = await call(app(), 'twitchConnect', { body: { code: 'abc' }, headers: auth })
  expect(response.statusCode).toBe(404)
  expect(response.json().message).toMatch(/Twitch is not configured/)
  const settings = await call(app(), 'authSettings')
  expect(settings.json()).toEqual({ turnstileSiteKey: null, twitch: null })
})
