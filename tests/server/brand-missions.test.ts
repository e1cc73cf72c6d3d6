/** A brand's missions: drafts, an admin's publication, pause, resume and close. */
import sharp from 'sharp'
import { afterAll, beforeAll, expect, test } from 'vitest'
import type { BodyInputOf } from '#shared/contract/api.ts'
import { endpoint } from '#shared/endpoints.ts'
import { call } from '../support/call'
import { createTestApp, type TestApp } from '../support/test-app'
import { makeUser, type TestUser } from '../support/test-users'
import {
  brandMissionBody,
  clickFrom,
  makeBrand,
  makeBrandMission,
  makeMember,
  multipartForm,
  type TestBrand,
  takeMission,
} from './brand-fixtures'
import { adminMissionBody } from './deals-fixtures'

let testApp: TestApp
let brand: TestBrand
let owner: TestUser
let admin: TestUser
let streamer: TestUser

beforeAll(async () => {
  testApp = await createTestApp({ seed: false })
  brand = await makeBrand(testApp.app, 'mission-brand')
  owner = await makeMember(testApp.app, brand, 'mission_owner')
  admin = await makeUser(testApp.app, { username: 'mission_admin', admin: true })
  streamer = await makeUser(testApp.app, { username: 'mission_streamer' })
})

afterAll(async () => {
  await testApp?.close()
})

const send = (method: 'GET' | 'POST' | 'PUT', url: string, who: TestUser | null, payload?: object) =>
  testApp.app.inject({ method, url, headers: who ? who.auth : {}, ...(payload ? { payload } : {}) })

/** Off the contract on purpose (a multipart form, fields the brand form does not take): sent raw. */
const missionsUrl = () => endpoint('brandMissionCreate', { slug: brand.slug })
const listMissions = () => call(testApp.app, 'brandMissions', { params: { slug: brand.slug }, as: owner })
const createMission = (body: BodyInputOf<'brandMissionCreate'>) =>
  call(testApp.app, 'brandMissionCreate', { params: { slug: brand.slug }, as: owner, body })
const editMission = (code: string, body: BodyInputOf<'brandMissionUpdate'>) =>
  call(testApp.app, 'brandMissionUpdate', { params: { slug: brand.slug, code }, as: owner, body })
const setState = (code: string, status: 'paused' | 'published' | 'closed') =>
  call(testApp.app, 'brandMissionState', { params: { slug: brand.slug, code }, as: owner, body: { status } })
const catalogueCodes = async (who: TestUser | null) => {
  const query = who ? { exclude_current_user: 'true' as const } : {}
  const answer = await call(testApp.app, 'missions', { query, ...(who ? { as: who } : {}) })
  return (answer.json().items as { code: string }[]).map((item) => item.code)
}

test('a brand drafts a mission with every field and a thumbnail; the public never sees a draft', async () => {
  const png = await sharp({ create: { width: 64, height: 36, channels: 3, background: '#22aa66' } })
    .png()
    .toBuffer()
  const form = await multipartForm(brandMissionBody(), {
    field: 'thumbnail',
    bytes: png,
    type: 'image/png',
    name: 'thumb.png',
  })
  const created = await testApp.app.inject({
    method: 'POST',
    url: missionsUrl(),
    headers: { ...owner.auth, ...form.headers },
    payload: form.payload,
  })
  expect(created.statusCode).toBe(201)
  const mission = created.json()
  expect(mission).toMatchObject({
    status: 'draft',
    providerId: brand.id,
    title: { en: 'Boss rush', fr: 'Course aux boss', es: 'Carrera de jefes' },
    tips: { es: 'Muestra el cronómetro.' },
    tools: { type: 'LINK' },
    reward: { model: 'cpc', amount: 20 },
    goal: 40,
    spots: 3,
    budget: 500,
    spent: 0,
    remaining: 500,
    validClicks: 0,
    thumbnail: { path: 'missions/', reference: expect.stringMatching(/\.webp$/) },
  })
  expect((await call(testApp.app, 'mission', { params: { code: mission.code } })).statusCode).toBe(404)
  expect(await catalogueCodes(null)).not.toContain(mission.code)
  const listed = (await listMissions()).json().items
  expect(listed.map((item: { code: string }) => item.code)).toContain(mission.code)
})

test('a brand cannot publish through its form, name another provider or a stored file', async () => {
  const sneaky = await send('POST', missionsUrl(), owner, brandMissionBody({ status: 'published' }))
  expect(sneaky.statusCode).toBe(400)
  expect(sneaky.json().errors.children.status).toBeDefined()
  const other = await send('POST', missionsUrl(), owner, brandMissionBody({ providerId: brand.id }))
  expect(other.statusCode).toBe(400)
  const named = await send(
    'POST',
    missionsUrl(),
    owner,
    brandMissionBody({ thumbnail: { path: '../kyc/', reference: 'secret.pdf' } }),
  )
  expect(named.statusCode).toBe(201)
  expect(named.json().thumbnail).toBeNull()
  const bad = await createMission(brandMissionBody({ endsAt: '2000-01-01T00:00:00.000Z' }))
  expect(bad.json().errors.children.endsAt.errors).toEqual(['validation.min'])
})

test('a provider still waiting for approval drafts nothing (409)', async () => {
  const waiting = await makeBrand(testApp.app, 'waiting-missions', 'pending')
  const applicant = await makeMember(testApp.app, waiting, 'waiting_owner')
  const refused = await call(testApp.app, 'brandMissionCreate', {
    params: { slug: waiting.slug },
    as: applicant,
    body: brandMissionBody(),
  })
  expect(refused.statusCode).toBe(409)
  expect(refused.json().errors.errors).toEqual(['provider.pending'])
})

test('drafts are edited until an admin publishes them; then the brand form is refused (409)', async () => {
  const draft = (await createMission(brandMissionBody())).json()
  const edited = await editMission(draft.code, brandMissionBody({ goal: 60 }))
  expect(edited.statusCode).toBe(200)
  expect(edited.json()).toMatchObject({ code: draft.code, goal: 60, status: 'draft' })
  const published = await call(testApp.app, 'adminMissionUpdate', {
    as: admin,
    params: { code: draft.code },
    body: adminMissionBody(brand.id),
  })
  expect(published.json().status).toBe('published')
  const late = await editMission(draft.code, brandMissionBody({ goal: 1 }))
  expect(late.statusCode).toBe(409)
  expect(late.json().errors.errors).toEqual(['mission.not_draft'])
  expect((await call(testApp.app, 'mission', { params: { code: draft.code } })).json()).toMatchObject({
    status: 'published',
    goal: 50,
  })
  // Only admins publish: a draft cannot be "resumed" into the catalogue by its brand.
  const other = (await createMission(brandMissionBody())).json()
  const resumed = await setState(other.code, 'published')
  expect(resumed.statusCode).toBe(409)
  expect(resumed.json().errors.children.status.errors).toEqual(['mission.state_not_allowed'])
})

test('a paused mission leaves both catalogues, takes no deal and its clicks are invalid until resumed', async () => {
  const code = await makeBrandMission(testApp.app, brand)
  const late = await makeUser(testApp.app, { username: 'late_streamer' })
  await takeMission(testApp.app, streamer, code)
  // Both catalogues are read (and cached) before the pause: the pause must drop them.
  expect(await catalogueCodes(null)).toContain(code)
  expect(await catalogueCodes(late)).toContain(code)

  const paused = await setState(code, 'paused')
  expect(paused.statusCode).toBe(200)
  expect(paused.json().status).toBe('paused')
  expect(await catalogueCodes(null)).not.toContain(code)
  expect(await catalogueCodes(late)).not.toContain(code)
  const refused = await call(testApp.app, 'subscriptionCreate', {
    as: late,
    params: { code, username: late.username },
  })
  expect(refused.statusCode).toBe(409)
  expect(refused.json().errors.errors).toEqual(['deal.mission_paused'])
  expect((await clickFrom(testApp.app, code, streamer.username, '198.51.100.10')).statusCode).toBe(200)
  const deal = (
    await call(testApp.app, 'userDealTriggers', {
      as: streamer,
      params: { username: streamer.username, code },
    })
  ).json()
  expect(deal.items.find((event: { type: string }) => event.type === 'click')).toMatchObject({
    valid: false,
    reason: 'mission_paused',
  })

  const resumed = await setState(code, 'published')
  expect(resumed.json()).toMatchObject({ status: 'published' })
  expect(await catalogueCodes(late)).toContain(code)
  await clickFrom(testApp.app, code, streamer.username, '198.51.100.11')
  const after = (await listMissions()).json().items.find((item: { code: string }) => item.code === code)
  expect(after).toMatchObject({ validClicks: 1, spent: 25, remaining: null })

  const closed = await setState(code, 'closed')
  expect(closed.json().status).toBe('closed')
  const reopened = await setState(code, 'published')
  expect(reopened.statusCode).toBe(409)
  // A draft is not a state the contract offers: sent raw.
  const toDraft = await send('PUT', endpoint('brandMissionState', { slug: brand.slug, code }), owner, {
    status: 'draft',
  })
  expect(toDraft.statusCode).toBe(400)
})
