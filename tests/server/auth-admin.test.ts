import { afterAll, beforeAll, expect, test } from 'vitest'
import { createTestApp, type TestApp } from '../support/test-app'
import { signin, signup } from './auth-helpers'

let testApp: TestApp
let admin: Record<string, string>
let adminToken: string

beforeAll(async () => {
  testApp = await createTestApp({
    seed: false,
    env: { ADMIN_USERNAME: 'boss', ADMIN_EMAIL: 'boss@example.test', ADMIN_PASSWORD: 'Admin-password-1' },
  })
  adminToken = (await signin(testApp.app, 'boss', 'Admin-password-1')).json().code
  admin = { authorization: `Bearer ${adminToken}` }
})

afterAll(async () => {
  await testApp?.close()
})

const get = (url: string, headers: Record<string, string> = {}) =>
  testApp.app.inject({ method: 'GET', url, headers })

test('admin access by token: true for an admin session, false for a user, junk or a revoked token', async () => {
  const user = await signup(testApp.app)
  expect((await get(`/api/access/admin/${adminToken}`)).json()).toEqual({ admin: true })
  expect((await get(`/api/access/admin/${user.token}`)).json()).toEqual({ admin: false })
  expect((await get('/api/access/admin/garbage')).json()).toEqual({ admin: false })
  await testApp.app.inject({ method: 'POST', url: '/api/oauth/logout', headers: user.auth })
  expect((await get(`/api/access/admin/${user.token}`)).json()).toEqual({ admin: false })
})

test('admins list and search users without any password hash; users are refused', async () => {
  const user = await signup(testApp.app, { username: 'findme_admin' })
  const list = await get('/api/admin/users?q=findme', admin)
  expect(list.statusCode).toBe(200)
  expect(list.json().items).toEqual([
    expect.objectContaining({ username: 'findme_admin', roles: ['user'], emailVerified: false }),
  ])
  expect(list.body).not.toMatch(/argon2|passwordHash/)
  // `_` is a literal in the search, not a one-character wildcard.
  expect((await get('/api/admin/users?q=findme_', admin)).json().items).toHaveLength(1)
  expect((await get('/api/admin/users?q=findme%', admin)).json().items).toHaveLength(0)
  expect((await get('/api/admin/users', user.auth)).statusCode).toBe(403)
})

test('admin calls are audited, denied attempts included, and the log names the actor', async () => {
  const user = await signup(testApp.app)
  await get('/api/admin/users', admin)
  await get('/api/admin/users', user.auth)
  const audit = await get('/api/admin/audit?limit=100', admin)
  expect(audit.statusCode).toBe(200)
  const items = audit.json().items as Array<{ actor: string; action: string; target: string }>
  expect(items).toContainEqual(
    expect.objectContaining({ actor: 'boss', action: 'admin.request', target: 'GET /api/admin/users' }),
  )
  expect(items).toContainEqual(
    expect.objectContaining({ actor: user.username, action: 'admin.denied', target: 'GET /api/admin/users' }),
  )
})

test('admin lists page with a cursor', async () => {
  await signup(testApp.app)
  await signup(testApp.app)
  const first = (await get('/api/admin/users?limit=1', admin)).json()
  expect(first.items).toHaveLength(1)
  expect(first.nextCursor).toBe('1')
  const second = (await get(`/api/admin/users?limit=1&cursor=${first.nextCursor}`, admin)).json()
  expect(second.items[0].id).not.toBe(first.items[0].id)
})

test('the admin reads which optional services are off and which settings switch them on; users cannot', async () => {
  const answer = await get('/api/admin/integrations', admin)
  expect(answer.statusCode).toBe(200)
  const twitch = answer.json().items.find((item: { name: string }) => item.name === 'twitch')
  // Not configured here: off, and the settings that would switch it on (names, never values).
  expect(twitch).toEqual({
    name: 'twitch',
    enabled: false,
    settings: ['TWITCH_CLIENT_ID', 'TWITCH_CLIENT_SECRET'],
  })
  const user = await signup(testApp.app, { username: 'integrations_user' })
  expect((await get('/api/admin/integrations', user.auth)).statusCode).toBe(403)

  const configured = await createTestApp({
    seed: false,
    env: {
      TWITCH_CLIENT_ID: 'id',
      TWITCH_CLIENT_SECRET: 'secret-value',
      ADMIN_USERNAME: 'boss2',
      ADMIN_EMAIL: 'boss2@example.test',
      ADMIN_PASSWORD: 'Admin-password-1',
    },
  })
  try {
    const code = (await signin(configured.app, 'boss2', 'Admin-password-1')).json().code
    const on = await configured.app.inject({
      method: 'GET',
      url: '/api/admin/integrations',
      headers: { authorization: `Bearer ${code}` },
    })
    expect(on.json().items.find((item: { name: string }) => item.name === 'twitch').enabled).toBe(true)
    expect(on.body).not.toContain('secret-value')
  } finally {
    await configured.close()
  }
})
