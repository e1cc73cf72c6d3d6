/**
 * Attacker's tests of the bounds every JSON body meets before it is validated: nesting depth and value
 * count (checked on the raw text, so a 200,000-deep array never reaches a recursive validator), and no
 * array where the endpoint expects an object. Every refusal is the API's `{ code, message }` envelope.
 */
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { MAX_JSON_DEPTH, MAX_JSON_VALUES } from '#server/plugins/json-body.ts'
import { createTestApp, type TestApp } from '../support/test-app'
import { makeUser, type TestUser } from '../support/test-users'

let t: TestApp
let admin: TestUser
let streamer: TestUser

beforeAll(async () => {
  t = await createTestApp()
  admin = await makeUser(t.app, { admin: true })
  streamer = await makeUser(t.app, { via: 'signup' })
})
afterAll(() => t?.close())

const send = (method: 'POST' | 'PUT', url: string, payload: string, user?: TestUser) =>
  t.app.inject({
    method,
    url,
    headers: {
      'content-type': 'application/json',
      ...user?.auth,
    },
    payload,
  })

function expectEnvelope(response: LightMyRequestResponse, status: number) {
  expect(response.statusCode, response.body.slice(0, 300)).toBe(status)
  expect(response.headers['content-type']).toContain('application/json')
  const body = response.json() as Record<string, unknown>
  expect(typeof body.code).toBe('string')
  expect(typeof body.message).toBe('string')
  return body
}

const nested = (levels: number, inner = '') => '['.repeat(levels) + inner + ']'.repeat(levels)

const nestedObjects = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`

test('deeply nested bodies on an admin route answer 400 in the envelope, not a stack overflow', async () => {
  // 150,000 objects (750 KB, under the body limit) where a word is expected overflowed validation: a 500.
  const payloads = [`{"state":${nestedObjects(150_000)}}`, `{"state":${nested(200_000)}}`, nested(200_000)]
  for (const payload of payloads) {
    const response = await send('PUT', '/api/admin/deals/NOPE/state', payload, admin)
    expect(expectEnvelope(response, 400)).toEqual({
      code: 'FORM_0001',
      message: `The request body nests deeper than ${MAX_JSON_DEPTH} levels`,
      errors: { errors: ['validation.json'] },
    })
  }
})

test('the depth bound holds on every route, signed in or not, objects as well as arrays', async () => {
  const deepObject = nestedObjects(5000)
  for (const [url, user] of [
    ['/api/oauth/signin', undefined],
    ['/api/contact', undefined],
    ['/api/providers', streamer],
  ] as const) {
    expect(expectEnvelope(await send('POST', url, deepObject, user), 400).code).toBe('FORM_0001')
    expect(expectEnvelope(await send('POST', url, nested(MAX_JSON_DEPTH + 1), user), 400).message).toMatch(
      /nests deeper/,
    )
  }
})

test('up to the bound, a body reaches its schema, which answers for it', async () => {
  const atBound = `{"state":${nested(MAX_JSON_DEPTH - 1)}}`
  const response = await send('PUT', '/api/admin/deals/NOPE/state', atBound, admin)
  const body = expectEnvelope(response, 400)
  expect(body.message).not.toMatch(/nests deeper/)
  expect(body.errors).toMatchObject({ children: { state: {} } })
})

test('brackets and quotes inside strings are text, not nesting', async () => {
  const username = `${'['.repeat(100)}\\"${'{'.repeat(100)}`
  const response = await send('POST', '/api/oauth/signin', `{"username":"${username}","plainPassword":"x"}`)
  expect(expectEnvelope(response, 401).code).toBe('AUTH_0002')
})

test('a megabyte of keys is refused before validation, with a short answer', async () => {
  const keys = `{${Array.from({ length: 80_000 }, (_, index) => `"k${index}":1`).join(',')}}`
  const response = await send('PUT', '/api/admin/deals/NOPE/state', keys, admin)
  expect(expectEnvelope(response, 413)).toEqual({
    code: 'PAYLOAD_TOO_LARGE',
    message: `The request body holds more than ${MAX_JSON_VALUES} values`,
  })
  // Validated, it answered a 3.4 MB error tree (one entry per unknown key).
  expect(response.body.length).toBeLessThan(200)
  const long = `[${Array(MAX_JSON_VALUES + 1)
    .fill('0')
    .join(',')}]`
  expect(expectEnvelope(await send('POST', '/api/oauth/signin', long), 413).code).toBe('PAYLOAD_TOO_LARGE')
})

test('an array where the endpoint expects an object is refused (verify/resend answered 202 to `[]`)', async () => {
  const answer = await send('POST', '/api/oauth/verify/resend', '[]', streamer)
  expect(expectEnvelope(answer, 400)).toMatchObject({
    code: 'FORM_0001',
    errors: { errors: ['validation.type'] },
  })
  // The same call with an object is what the account page sends: it is accepted.
  expect((await send('POST', '/api/oauth/verify/resend', '{}', streamer)).statusCode).toBe(202)
})

test('an array in place of a nested object is refused on the field', async () => {
  const provider = JSON.stringify({
    name: 'Arrays Inc',
    slug: 'arrays-inc',
    theme: 'default',
    description: [],
  })
  const answer = await send('POST', '/api/admin/providers', provider, admin)
  expect(expectEnvelope(answer, 400)).toMatchObject({
    code: 'FORM_0001',
    errors: { children: { description: { errors: ['validation.type'] } } },
  })
})
