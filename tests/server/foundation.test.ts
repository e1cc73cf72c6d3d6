import { afterAll, beforeAll, expect, test } from 'vitest'
import { call } from '../support/call'
import { createTestApp, type TestApp } from '../support/test-app'

let testApp: TestApp

beforeAll(async () => {
  testApp = await createTestApp()
})

afterAll(async () => {
  await testApp?.close()
})

const get = (url: string, headers: Record<string, string> = {}) =>
  testApp.app.inject({ method: 'GET', url, headers })
const missions = (headers: Record<string, string> = {}) => call(testApp.app, 'missions', { headers })
const translation = (domain: string, local: string) =>
  call(testApp.app, 'translation', { params: { domain, local } })

test('health and readiness answer, readiness naming each dependency and the database kind', async () => {
  expect((await get('/healthz')).json()).toEqual({ status: 'ok' })
  const ready = await get('/readyz')
  expect(ready.statusCode).toBe(200)
  expect(ready.json()).toMatchObject({
    status: 'ready',
    checks: { database: { status: 'up' }, redis: { status: 'not configured' } },
  })
  expect(['pglite', 'postgres']).toContain(ready.json().checks.database.kind)
})

test('an unknown API path is a JSON 404 with the NOT_FOUND code, not the app shell', async () => {
  const response = await get('/api/nope')
  expect(response.statusCode).toBe(404)
  expect(response.headers['content-type']).toContain('application/json')
  expect(response.json()).toEqual({ code: 'NOT_FOUND', message: 'Not found' })
})

test('the published demo missions are listed with their public fields', async () => {
  const response = await missions()
  expect(response.statusCode).toBe(200)
  const { items } = response.json()
  expect(items.length).toBeGreaterThanOrEqual(5)
  const types = new Set(items.map((mission: { tools: { type: string } }) => mission.tools.type))
  for (const type of ['CUSTOM_CODE', 'MIXTE', 'LINK', 'WARGAMING', 'SPIKE_LINK'])
    expect(types).toContain(type)
  const models = new Set(items.map((mission: { reward: { model: string } }) => mission.reward.model))
  expect(models).toEqual(new Set(['cpc', 'fixed']))
  for (const mission of items) {
    expect(mission.status).toBe('published')
    expect(mission.reward.amount.currency).toBe('EUR')
    expect(Number.isInteger(mission.reward.amount.amount)).toBe(true)
    expect(mission.spotsLeft).toBeLessThanOrEqual(mission.spots)
  }
})

test('mission texts follow Accept-Language, with English as the fallback', async () => {
  const english = (await missions()).json().items
  const french = (await missions({ 'accept-language': 'fr-FR,fr;q=0.9' })).json().items
  const unknown = (await missions({ 'accept-language': 'de-DE' })).json().items
  expect(french[0].code).toBe(english[0].code)
  expect(french[0].title).not.toBe(english[0].title)
  expect(unknown[0].title).toBe(english[0].title)
})

test('one mission by code, and a contract 404 for an unknown code', async () => {
  const [first] = (await missions()).json().items
  const found = await call(testApp.app, 'mission', { params: { code: first.code } })
  expect(found.statusCode).toBe(200)
  expect(found.json().code).toBe(first.code)
  const missing = await call(testApp.app, 'mission', { params: { code: 'NO-SUCH-MISSION' } })
  expect(missing.statusCode).toBe(404)
  expect(missing.json().code).toBe('NOT_FOUND')
})

test('FAQ and terms content is served per locale, unknown domains are 404', async () => {
  const faqEn = (await translation('faq', 'en')).json()
  const faqFr = (await translation('faq', 'fr')).json()
  expect(faqEn.items.length).toBeGreaterThanOrEqual(8)
  expect(faqFr.locale).toBe('fr')
  expect(faqFr.items[0].title).not.toBe(faqEn.items[0].title)
  expect((await translation('terms', 'es')).json().items.length).toBeGreaterThan(0)
  expect((await translation('faq', 'xx')).json().locale).toBe('en')
  expect((await translation('secrets', 'en')).statusCode).toBe(404)
})

test('API responses are never cached and carry the security headers', async () => {
  const response = await missions()
  expect(response.headers['cache-control']).toBe('no-store')
  expect(response.headers['x-content-type-options']).toBe('nosniff')
  const csp = String(response.headers['content-security-policy'])
  expect(csp).toContain("object-src 'none'")
  expect(csp).toContain("base-uri 'none'")
  expect(csp).toContain("frame-ancestors 'none'")
  expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
})

test('the goal widget may be framed by streaming software, other pages may not', async () => {
  const widget = await get('/widgets/goal?token=abc')
  expect(String(widget.headers['content-security-policy'])).toContain('frame-ancestors *')
  expect(widget.headers['x-frame-options']).toBeUndefined()
  const home = await get('/')
  expect(home.headers['x-frame-options']).toBe('SAMEORIGIN')
})

test('a foreign origin gets no CORS grant, our own origin does', async () => {
  const foreign = await missions({ origin: 'https://evil.example' })
  expect(foreign.headers['access-control-allow-origin']).toBeUndefined()
  const own = await missions({ origin: 'http://localhost:3000' })
  expect(own.headers['access-control-allow-origin']).toBe('http://localhost:3000')
})
