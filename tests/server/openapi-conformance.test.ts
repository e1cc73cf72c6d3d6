import { afterAll, beforeAll, expect, test } from 'vitest'
import { conformanceChecker } from '../support/openapi-conformance'
import { createTestApp, type TestApp } from '../support/test-app'
import { signup } from './auth-helpers'

let harness: TestApp
beforeAll(async () => {
  harness = await createTestApp()
})
afterAll(() => harness.close())

const SIX_EMOJI = '😀'.repeat(6)

test('the answer check flags a status the document does not list for the operation, naming both', () => {
  const mismatch = conformanceChecker().check({
    method: 'POST',
    route: '/api/oauth/signin',
    status: 418,
    contentType: 'application/json; charset=utf-8',
    body: '{"code":"TEAPOT","message":"short and stout"}',
  })
  expect(mismatch).toContain('signin (POST /api/oauth/signin) answered 418: status not documented')
  expect(mismatch).toContain('documented: 200, 400, 401')
})

test('the answer check flags a body that does not match the documented schema of its status', () => {
  const mismatch = conformanceChecker().check({
    method: 'POST',
    route: '/api/oauth/signin',
    status: 400,
    contentType: 'application/json',
    body: '{"message":"no code"}',
  })
  expect(mismatch).toContain('answered 400: body does not match')
  expect(mismatch).toContain("must have required property 'code'")
  const fine = conformanceChecker().check({
    method: 'POST',
    route: '/api/oauth/signin',
    status: 400,
    contentType: 'application/json',
    body: '{"code":"FORM_0001","message":"Invalid"}',
  })
  expect(fine).toBeNull()
})

test('a path called with a method it does not take answers 405 with Allow, in the API envelope', async () => {
  const signin = await harness.app.inject({ method: 'DELETE', url: '/api/oauth/signin' })
  expect(signin.statusCode).toBe(405)
  expect(signin.headers.allow).toBe('POST')
  expect(signin.json().code).toBe('METHOD_NOT_ALLOWED')
  const wallet = await harness.app.inject({ method: 'DELETE', url: '/api/wallets/user/alice?x=1' })
  expect(wallet.statusCode).toBe(405)
  expect(wallet.headers.allow).toBe('GET, HEAD, POST, PUT')
  // An unknown path stays a 404.
  const unknown = await harness.app.inject({ method: 'DELETE', url: '/api/nothing/here' })
  expect(unknown.statusCode).toBe(404)
})

test('a POST standing in for a PUT without `_method=put` is a 405 naming the methods the path takes', async () => {
  const answer = await harness.app.inject({ method: 'POST', url: '/api/admin/content/1', payload: {} })
  expect(answer.statusCode).toBe(405)
  expect(answer.headers.allow).toBe('PUT')
})

test('lengths count characters: six emoji pass a 10-character field, eleven do not', async () => {
  const six = await harness.app.inject({
    url: `/api/core/selection/featured?locale=${encodeURIComponent(SIX_EMOJI)}`,
  })
  expect(six.statusCode).toBe(200)
  const eleven = await harness.app.inject({
    url: `/api/core/selection/featured?locale=${encodeURIComponent('😀'.repeat(11))}`,
  })
  expect(eleven.statusCode).toBe(400)
  expect(eleven.json().errors.children.locale.errors).toEqual(['validation.max'])
})

test('an array where the document says object is refused as invalid input, not taken as `{}`', async () => {
  // Signed in, `{}` asks for a new verification link: `[]` must not do the same.
  const { auth } = await signup(harness.app)
  const answer = await harness.app.inject({
    method: 'POST',
    url: '/api/oauth/verify/resend',
    headers: auth,
    payload: [],
  })
  expect(answer.statusCode).toBe(400)
  expect(answer.json().code).toBe('FORM_0001')
})
