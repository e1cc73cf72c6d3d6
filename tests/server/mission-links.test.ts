/**
 * Attacker's tests: a mission's target link is where every viewer of a tracked link is sent. A
 * `javascript:` or `data:` target would run in their browser, so the admin and brand forms refuse any
 * link that is not http(s) (on the parameter's field), and a target stored before that is never handed out.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { missions } from '#server/db/schema.ts'
import { call } from '../support/call'
import { createTestApp, type TestApp } from '../support/test-app'
import { makeUser, type TestUser } from '../support/test-users'
import { brandMissionBody, makeBrand, makeMember, type TestBrand, takeMission } from './brand-fixtures'
import { adminMissionBody, BROWSER_UA, makeMission } from './deals-fixtures'

let testApp: TestApp
let admin: TestUser
let owner: TestUser
let streamer: TestUser
let brand: TestBrand
let providerId: string

beforeAll(async () => {
  testApp = await createTestApp()
  admin = await makeUser(testApp.app, { username: 'links_admin', admin: true })
  streamer = await makeUser(testApp.app, { username: 'links_streamer' })
  brand = await makeBrand(testApp.app, 'links-brand')
  owner = await makeMember(testApp.app, brand, 'links_owner')
  providerId = (await call(testApp.app, 'adminProviders', { headers: admin.auth })).json().items[0].id
})

afterAll(async () => {
  await testApp?.close()
})

const tools = (type: string, parameters: Record<string, string>) => ({ tools: { type, parameters } })

const hostile = [
  'javascript:alert(document.cookie)',
  'JavaScript:alert(1)//https://brand.example',
  ' javascript:alert(1)',
  'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  'vbscript:msgbox(1)',
  '//evil.example/phish',
  '/\\evil.example/phish',
  'https:/\\evil.example',
  'https://brand.example@evil.example/',
  'https://brand.example/\t/x',
  'ftp://brand.example/file',
  '%username%:alert(1)',
]

test.each(hostile)('the admin form refuses the target link %j on its field', async (link) => {
  const body = adminMissionBody(providerId, tools('SPIKE_LINK', { URL: link }))
  const response = await call(testApp.app, 'adminMissionCreate', { headers: admin.auth, body })
  expect(response.statusCode).toBe(400)
  expect(response.json().errors.children.tools.children.parameters.children.URL.errors).toEqual([
    'validation.url',
  ])
})

test('a custom-code mission refuses a data: absolute link, a brand its javascript: URL', async () => {
  const custom = adminMissionBody(providerId, tools('CUSTOM_CODE', { ABSOLUTE_LINK: 'data:text/html,hi' }))
  const refused = await call(testApp.app, 'adminMissionCreate', { headers: admin.auth, body: custom })
  expect(refused.json().errors.children.tools.children.parameters.children.ABSOLUTE_LINK.errors).toEqual([
    'validation.url',
  ])
  const branded = await call(testApp.app, 'brandMissionCreate', {
    params: { slug: brand.slug },
    headers: owner.auth,
    body: brandMissionBody(tools('MIXTE', { URL: 'javascript:alert(1)' })),
  })
  expect(branded.statusCode).toBe(400)
  expect(branded.json().errors.children.tools.children.parameters.children.URL.errors).toEqual([
    'validation.url',
  ])
})

test('link templates with placeholders pass, and a link typed without scheme is stored as https', async () => {
  const templates = [
    'https://spike.example/%mission%?ref=%username%',
    'https://%username%.brand.example/go',
    'http://brand.example:8080/p/%code%#offer',
  ]
  for (const link of templates) {
    const created = await call(testApp.app, 'adminMissionCreate', {
      headers: admin.auth,
      body: adminMissionBody(providerId, tools('SPIKE_LINK', { URL: link })),
    })
    expect(created.statusCode, link).toBe(201)
    expect(created.json().tools.parameters.URL).toBe(link)
  }
  const bare = await call(testApp.app, 'brandMissionCreate', {
    params: { slug: brand.slug },
    headers: owner.auth,
    body: brandMissionBody(
      tools('CUSTOM_CODE', { ABSOLUTE_LINK: 'brand.example/redeem', CODE: 'not a link' }),
    ),
  })
  expect(bare.statusCode).toBe(201)
  expect(bare.json().tools.parameters).toEqual({
    ABSOLUTE_LINK: 'https://brand.example/redeem',
    CODE: 'not a link',
  })
})

test('a javascript: target stored before the check sends viewers nowhere', async () => {
  const code = await makeMission(testApp.app)
  await testApp.app.db
    .update(missions)
    .set({ integration: { type: 'CUSTOM_CODE', parameters: { ABSOLUTE_LINK: 'javascript:alert(1)' } } })
    .where(eq(missions.code, code))
  await takeMission(testApp.app, streamer, code)
  const answer = await call(testApp.app, 'subscriptionCheck', {
    params: { code, username: streamer.username },
    headers: { 'user-agent': BROWSER_UA },
    body: { kind: 'check' },
  })
  expect(answer.statusCode).toBe(200)
  expect(answer.json().url).toBe('-')
})
