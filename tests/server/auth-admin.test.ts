import { afterAll, beforeAll, expect, test } from 'vitest'
import { call } from '../support/call'
import { createTestApp, type TestApp } from '../support/test-app'
import { signin, signup } from './auth-helpers'

let testApp: TestApp
/** The seeded admin, signed in: their session token. */
let admin: { token: string }

beforeAll(async () => {
  testApp = await createTestApp({
    seed: false,
    env: { ADMIN_USERNAME: 'boss', ADMIN_EMAIL: 'boss@example.test', ADMIN_PASSWORD: 'Admin-password-1' },
  })
  admin = { token: (await signin(testApp.app, 'boss', 'Admin-password-1')).json().code }
})

afterAll(async () => {
  await testApp?.close()
})

const adminAccess = (token: string) => call(testApp.app, 'adminAccess', { params: { token } })

test('admin access by token: true for an admin session, false for a user, junk or a revoked token', async () => {
  const user = await signup(testApp.app)
  expect((await adminAccess(admin.token)).json()).toEqual({ admin: true })
  expect((await adminAccess(user.token)).json()).toEqual({ admin: false })
  expect((await adminAccess('garbage')).json()).toEqual({ admin: false })
  await call(testApp.app, 'logout', { as: user })
  expect((await adminAccess(user.token)).json()).toEqual({ admin: false })
})

test('admins list and search users without any password hash; users are refused', async () => {
  const user = await signup(testApp.app, { username: 'findme_admin' })
  const list = await call(testApp.app, 'adminUsers', { as: admin, query: { q: 'findme' } })
  expect(list.statusCode).toBe(200)
  expect(list.json().items).toEqual([
    expect.objectContaining({ username: 'findme_admin', roles: ['user'], emailVerified: false }),
  ])
  expect(list.body).not.toMatch(/argon2|passwordHash/)
  // `_` is a literal in the search, not a one-character wildcard.
  const search = (q: string) => call(testApp.app, 'adminUsers', { as: admin, query: { q } })
  expect((await search('findme_')).json().items).toHaveLength(1)
  expect((await search('findme%')).json().items).toHaveLength(0)
  expect((await call(testApp.app, 'adminUsers', { as: user })).statusCode).toBe(403)
})

test('admin calls are audited, denied attempts included, and the log names the actor', async () => {
  const user = await signup(testApp.app)
  await call(testApp.app, 'adminUsers', { as: admin })
  await call(testApp.app, 'adminUsers', { as: user })
  const audit = await call(testApp.app, 'adminAudit', { as: admin, query: { limit: '100' } })
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
  const page = (cursor?: string) =>
    call(testApp.app, 'adminUsers', { as: admin, query: { limit: '1', cursor } })
  const first = (await page()).json()
  expect(first.items).toHaveLength(1)
  expect(first.nextCursor).toBe('1')
  const second = (await page(first.nextCursor)).json()
  expect(second.items[0].id).not.toBe(first.items[0].id)
})

test('the admin reads which optional services are off and which settings switch them on; users cannot', async () => {
  const answer = await call(testApp.app, 'adminIntegrations', { as: admin })
  expect(answer.statusCode).toBe(200)
  const twitch = answer.json().items.find((item: { name: string }) => item.name === 'twitch')
  // Not configured here: off, and the settings that would switch it on (names, never values).
  expect(twitch).toEqual({
    name: 'twitch',
    enabled: false,
    settings: ['TWITCH_CLIENT_ID', 'TWITCH_CLIENT_SECRET'],
  })
  const user = await signup(testApp.app, { username: 'integrations_user' })
  expect((await call(testApp.app, 'adminIntegrations', { as: user })).statusCode).toBe(403)

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
    const on = await call(configured.app, 'adminIntegrations', { as: { token: code } })
    expect(on.json().items.find((item: { name: string }) => item.name === 'twitch').enabled).toBe(true)
    expect(on.body).not.toContain('secret-value')
  } finally {
    await configured.close()
  }
})
