import multipart from '@fastify/multipart'
import Fastify from 'fastify'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { registerMethodOverrides, registerRoute } from '#server/http/register-endpoint.ts'
import { errorsPlugin } from '#server/plugins/errors.ts'

// The mechanism alone, on a bare app: a PUT endpoint, and the POST that carries `_method=put`.
const app = Fastify()
const calls: Array<{ method: string; phone: unknown }> = []

beforeAll(async () => {
  app.decorate('putRunners', new Map())
  app.decorateRequest('session', null)
  app.addHook('onRequest', async (request) => {
    // Every caller is the user named in the path here: only the override is under test.
    request.session = { id: 's', user: { id: 'u', username: 'alice', roles: ['user'] } }
  })
  await app.register(errorsPlugin)
  await app.register(multipart, { attachFieldsToBody: true })
  registerRoute(app, 'userUpdate', async ({ body, request }) => {
    calls.push({ method: request.method, phone: body.phone })
    // Only the override is under test: the answer's shape is the user route's business.
    return { updated: true } as never
  })
  registerMethodOverrides(app)
  await app.ready()
})

afterAll(() => app.close())

function form(fields: Record<string, string>) {
  const data = new FormData()
  for (const [key, value] of Object.entries(fields)) data.append(key, value)
  return new Request('http://x', { method: 'POST', body: data })
}

async function postForm(url: string, fields: Record<string, string>) {
  const request = form(fields)
  return app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
    body: Buffer.from(await request.arrayBuffer()),
  })
}

test('a POST with form data and _method=put reaches the PUT handler with the form fields', async () => {
  const response = await postForm('/api/user/alice', { _method: 'put', phone: '+33600000000' })
  expect(response.statusCode).toBe(200)
  expect(calls.at(-1)).toEqual({ method: 'POST', phone: '+33600000000' })
})

test('a POST without _method=put on a PUT-only path is refused', async () => {
  const before = calls.length
  const response = await postForm('/api/user/alice', { phone: '1' })
  expect(response.statusCode).toBe(405)
  expect(calls.length).toBe(before)
})

test('the access rule of the PUT endpoint still applies through the override', async () => {
  const response = await postForm('/api/user/bob', { _method: 'put', phone: '1' })
  expect(response.statusCode).toBe(403)
  expect(response.json().code).toBe('ACCESS_0001')
})
