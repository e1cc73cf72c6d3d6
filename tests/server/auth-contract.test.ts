import { type } from 'arktype'
import { afterAll, beforeAll, expect, test } from 'vitest'
import type { accessEndpoints } from '#shared/contract/access.ts'
import { endpointSchemas } from '#shared/contract/api.ts'
import type { authEndpoints } from '#shared/contract/auth.ts'
import type { EndpointSchemas } from '#shared/contract/endpoint-schema.ts'
import { createTestApp, type TestApp } from '../support/test-app'
import { bearer, createTestUser, type TestUser } from '../support/test-users'
import { signin, signup, strongPassword } from './auth-helpers'

// The auth, account and access rows of the endpoint table describe what the server answers (the
// client's types and the OpenAPI document come from them): each answer must pass its row's schema.

let testApp: TestApp
let admin: TestUser

beforeAll(async () => {
  testApp = await createTestApp({ seed: false })
  admin = await createTestUser(testApp.app, { prefix: 'contract_admin', admin: true })
})

afterAll(async () => {
  await testApp?.close()
})

type Row = keyof typeof authEndpoints | keyof typeof accessEndpoints

function expectRowAnswer(name: Row, response: { statusCode: number; body: string }) {
  const row: EndpointSchemas = endpointSchemas[name]
  expect(response.statusCode, name).toBe(row.status ?? 200)
  if (row.response === null || 'binary' in row.response) {
    expect(response.body, name).toBe('')
    return
  }
  const checked = row.response(JSON.parse(response.body)) as unknown
  expect(checked instanceof type.errors ? checked.summary : 'valid', name).toBe('valid')
}

test('sign-up, sign-in, settings and logout answer what their rows say', async () => {
  const app = testApp.app
  expectRowAnswer('authSettings', await app.inject({ url: '/api/oauth/settings' }))
  const signedUp = await app.inject({
    method: 'POST',
    url: '/api/oauth/signup',
    payload: { username: 'contract_new', email: 'contract_new@example.test', plainPassword: strongPassword },
  })
  expectRowAnswer('signup', signedUp)
  const created = await signup(app)
  expectRowAnswer('signin', await signin(app, created.username, strongPassword))
  const recovery = await app.inject({
    method: 'POST',
    url: '/api/oauth/recovery',
    payload: { username: created.username },
  })
  expectRowAnswer('recovery', recovery)
  const logout = await app.inject({ method: 'POST', url: '/api/oauth/logout', headers: created.auth })
  expectRowAnswer('logout', logout)
})

test('the account endpoints answer what their rows say', async () => {
  const app = testApp.app
  const created = await signup(app)
  const user = `/api/user/${created.username}`
  const updated = await app.inject({
    method: 'PUT',
    url: user,
    headers: created.auth,
    payload: { phone: '+33 6 12 34 56 78', locale: 'fr' },
  })
  expectRowAnswer('userUpdate', updated)
  expectRowAnswer('platforms', await app.inject({ url: `${user}/plateform`, headers: created.auth }))
})

test('the access endpoints answer what their rows say', async () => {
  const app = testApp.app
  expectRowAnswer('adminAccess', await app.inject({ url: `/api/access/admin/${admin.token}` }))
  expectRowAnswer('adminUsers', await app.inject({ url: '/api/admin/users?limit=2', headers: bearer(admin) }))
  expectRowAnswer('adminAudit', await app.inject({ url: '/api/admin/audit', headers: bearer(admin) }))
})
