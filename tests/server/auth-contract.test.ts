import { type } from 'arktype'
import { afterAll, beforeAll, expect, test } from 'vitest'
import type { accessEndpoints } from '#shared/contract/access.ts'
import { endpointSchemas } from '#shared/contract/api.ts'
import type { authEndpoints } from '#shared/contract/auth.ts'
import type { EndpointSchemas } from '#shared/contract/endpoint-schema.ts'
import { call } from '../support/call'
import { createTestApp, type TestApp } from '../support/test-app'
import { makeUser, type TestUser } from '../support/test-users'
import { signin, signup, strongPassword } from './auth-helpers'

// The auth, account and access rows of the endpoint table describe what the server answers (the
// client's types and the OpenAPI document come from them): each answer must pass its row's schema.

let testApp: TestApp
let admin: TestUser

beforeAll(async () => {
  testApp = await createTestApp({ seed: false })
  admin = await makeUser(testApp.app, { admin: true })
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
  expectRowAnswer('authSettings', await call(app, 'authSettings'))
  const signedUp = await call(app, 'signup', {
    body: { username: 'contract_new', email: 'contract_new@example.test', plainPassword: strongPassword },
  })
  expectRowAnswer('signup', signedUp)
  const created = await signup(app)
  expectRowAnswer('signin', await signin(app, created.username, strongPassword))
  const recovery = await call(app, 'recovery', { body: { username: created.username } })
  expectRowAnswer('recovery', recovery)
  const logout = await call(app, 'logout', { as: created })
  expectRowAnswer('logout', logout)
})

test('the account endpoints answer what their rows say', async () => {
  const app = testApp.app
  const created = await signup(app)
  const updated = await call(app, 'userUpdate', {
    as: created,
    params: { user: created.username },
    body: { phone: '+33 6 12 34 56 78', locale: 'fr' },
  })
  expectRowAnswer('userUpdate', updated)
  expectRowAnswer(
    'platforms',
    await call(app, 'platforms', { as: created, params: { username: created.username } }),
  )
})

test('the access endpoints answer what their rows say', async () => {
  const app = testApp.app
  expectRowAnswer('adminAccess', await call(app, 'adminAccess', { params: { token: admin.token } }))
  expectRowAnswer('adminUsers', await call(app, 'adminUsers', { as: admin, query: { limit: '2' } }))
  expectRowAnswer('adminAudit', await call(app, 'adminAudit', { as: admin }))
})
