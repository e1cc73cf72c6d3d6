import sharp from 'sharp'
import { io as connect, type Socket } from 'socket.io-client'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { wallets } from '#server/db/schema.ts'
import { endpoint } from '#shared/endpoints.ts'
import { call } from '../support/call'
import { createTestApp, type TestApp } from '../support/test-app'
import { makeUser, type TestUser } from '../support/test-users'
import { BROWSER_UA, makeMission, adminMissionBody as missionBody } from './deals-fixtures'

let testApp: TestApp
let admin: TestUser
let user: TestUser
const sockets: Socket[] = []

beforeAll(async () => {
  testApp = await createTestApp({ listen: true })
  admin = await makeUser(testApp.app, { username: 'boss', admin: true })
  user = await makeUser(testApp.app, { username: 'erin' })
})

afterAll(async () => {
  for (const socket of sockets) socket.disconnect()
  await testApp?.close()
})

const inject = (method: 'GET' | 'POST' | 'PUT', url: string, who: TestUser | null, payload?: object) =>
  testApp.app.inject({ method, url, headers: who ? who.auth : {}, ...(payload ? { payload } : {}) })

test('admins create and edit providers; a taken slug is a 409 on the slug field', async () => {
  const created = await call(testApp.app, 'adminProviderCreate', {
    as: admin,
    body: {
      name: 'Pixel Forge',
      slug: 'pixel-forge',
      description: { en: 'Indie studio', fr: 'Studio indépendant' },
      theme: 'arcade',
    },
  })
  expect(created.statusCode).toBe(201)
  const provider = created.json()
  expect(provider).toMatchObject({
    name: 'Pixel Forge',
    theme: 'arcade',
    logo: null,
    description: { en: 'Indie studio', fr: 'Studio indépendant' },
  })
  const updated = await call(testApp.app, 'adminProviderUpdate', {
    as: admin,
    params: { id: provider.id },
    body: { name: 'Pixel Forge Studio', slug: 'pixel-forge', theme: 'nova' },
  })
  expect(updated.json()).toMatchObject({ name: 'Pixel Forge Studio', theme: 'nova' })
  const taken = await call(testApp.app, 'adminProviderCreate', {
    as: admin,
    body: { name: 'X', slug: 'pixel-forge', theme: 'default' },
  })
  expect(taken.statusCode).toBe(409)
  expect(taken.json().errors.children.slug.errors).toEqual(['provider.slug_taken'])
  // Off the contract on purpose (an unknown theme), so sent as it is.
  const bad = await inject('POST', endpoint('adminProviderCreate'), admin, {
    name: '',
    slug: 'Bad Slug',
    theme: 'pink',
  })
  expect(bad.statusCode).toBe(400)
  expect(Object.keys(bad.json().errors.children)).toEqual(expect.arrayContaining(['name', 'slug', 'theme']))
  expect((await call(testApp.app, 'adminProviders', { as: user })).statusCode).toBe(403)
  const list = (await call(testApp.app, 'adminProviders', { as: admin })).json().items
  expect(list.map((item: { slug: string }) => item.slug)).toContain('pixel-forge')
})

test('admins create missions (drafts hidden from the public) and upload a thumbnail', async () => {
  const [provider] = (await call(testApp.app, 'adminProviders', { as: admin })).json().items
  const draft = await call(testApp.app, 'adminMissionCreate', {
    as: admin,
    body: missionBody(provider.id, { status: 'draft' }),
  })
  expect(draft.statusCode).toBe(201)
  const mission = draft.json()
  expect(mission.code).toMatch(/^speedrun-night-[0-9a-f]{4}$/)
  expect(mission).toMatchObject({ budget: 600, status: 'draft', title: { fr: 'Soirée speedrun' } })
  expect((await call(testApp.app, 'mission', { params: { code: mission.code } })).statusCode).toBe(404)

  const png = await sharp({ create: { width: 64, height: 36, channels: 3, background: '#3366ff' } })
    .png()
    .toBuffer()
  const form = new FormData()
  form.set('payload', JSON.stringify(missionBody(provider.id)))
  form.set('thumbnail', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'thumb.png')
  const published = await call(testApp.app, 'adminMissionUpdate', {
    as: admin,
    params: { code: mission.code },
    body: form,
  })
  expect(published.statusCode).toBe(200)
  expect(published.json().thumbnail).toMatchObject({
    path: 'missions/',
    reference: expect.stringMatching(/\.webp$/),
  })
  const thumb = published.json().thumbnail
  const image = await inject('GET', `/uploads/${thumb.path}${thumb.reference}`, null)
  expect(image.statusCode).toBe(200)
  expect((await call(testApp.app, 'mission', { params: { code: mission.code } })).json().status).toBe(
    'published',
  )

  const badDates = missionBody(provider.id, { endsAt: '2000-01-01T00:00:00.000Z' })
  expect(
    (await call(testApp.app, 'adminMissionCreate', { as: admin, body: badDates })).json().errors.children
      .endsAt,
  ).toBeDefined()
  const badProvider = missionBody('00000000-0000-4000-8000-000000000000')
  expect((await call(testApp.app, 'adminMissionCreate', { as: admin, body: badProvider })).statusCode).toBe(
    400,
  )
  const unknown = await call(testApp.app, 'adminMissionUpdate', {
    as: admin,
    params: { code: 'nope' },
    body: missionBody(provider.id),
  })
  expect(unknown.statusCode).toBe(404)
  const body = missionBody(provider.id)
  expect((await call(testApp.app, 'adminMissionCreate', { as: user, body })).statusCode).toBe(403)
})

test('the admin deal list filters by state and search', async () => {
  const code = await makeMission(testApp.app)
  await call(testApp.app, 'subscriptionCreate', { as: user, params: { code, username: 'erin' } })
  const all = (await call(testApp.app, 'adminDeals', { as: admin, query: { q: 'erin' } })).json().items
  expect(all.map((deal: { missionCode: string }) => deal.missionCode)).toContain(code)
  const finished = await call(testApp.app, 'adminDeals', {
    as: admin,
    query: { state: 'finished', q: 'erin' },
  })
  expect(finished.json().items).toEqual([])
  // A state the contract does not have, so sent as it is.
  expect((await inject('GET', `${endpoint('adminDeals')}?state=bogus`, admin)).statusCode).toBe(400)
})

const once = <T>(socket: Socket, event: string) => new Promise<T>((resolve) => socket.once(event, resolve))

test('a click pushes deal:updated, deal:event and wallet:updated to the owner and progress to the widget', async () => {
  const owner = await makeUser(testApp.app, { username: 'frank' })
  // A created wallet (person filled in): only then does wallet:updated carry a contract Wallet.
  await testApp.app.db.insert(wallets).values({
    userId: owner.id,
    person: {
      firstName: 'Frank',
      lastName: 'Stream',
      birthDate: '1990-01-01',
      address: { line1: '1 rue', city: 'Paris', postalCode: '75001', country: 'FR' },
    },
  })
  const code = await makeMission(testApp.app, { rewardCents: 50 })
  const deal = (
    await call(testApp.app, 'subscriptionCreate', { as: owner, params: { code, username: 'frank' } })
  ).json()
  const ownerSocket = connect(testApp.url ?? '', { auth: { token: owner.token }, transports: ['websocket'] })
  const widgetSocket = connect(testApp.url ?? '', { transports: ['websocket'] })
  sockets.push(ownerSocket, widgetSocket)
  await Promise.all([once(ownerSocket, 'connect'), once(widgetSocket, 'connect')])
  const unknown = await widgetSocket.emitWithAck('widget:subscribe', 'x'.repeat(43))
  expect(unknown).toEqual({ ok: false, error: 'NOT_FOUND' })
  expect(await widgetSocket.emitWithAck('widget:subscribe', deal.widgetToken)).toEqual({ ok: true })

  const updated = once<{ code: string; progress: number; earned: { amount: number } }>(
    ownerSocket,
    'deal:updated',
  )
  const event = once<{ dealCode: string; event: { type: string } }>(ownerSocket, 'deal:event')
  const wallet = once<{ balance: { amount: number } }>(ownerSocket, 'wallet:updated')
  const progress = once<{ token: string; progress: number; goal: number; state: string }>(
    widgetSocket,
    'widget:progress',
  )
  await call(testApp.app, 'subscriptionCheck', {
    params: { code, username: 'frank' },
    headers: { 'user-agent': BROWSER_UA },
    body: { kind: 'cpc' },
  })
  expect(await updated).toMatchObject({ code: deal.code, progress: 1, earned: { amount: 50 } })
  expect(await event).toMatchObject({ dealCode: deal.code, event: { type: 'click' } })
  expect((await wallet).balance.amount).toBe(50)
  expect(await progress).toEqual({ token: deal.widgetToken, progress: 1, goal: 10, state: 'inprogress' })
})
