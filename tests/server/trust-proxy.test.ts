/**
 * TRUST_PROXY decides whether X-Forwarded-For names the client: off (the default), a hop count, or a
 * list of proxy addresses. Seen where an operator sees it: the address a session records, and whether
 * two visitors behind one balancer share a sign-in counter.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { sessions } from '#server/db/schema.ts'
import { call } from '../support/call'
import { createTestApp, type TestApp } from '../support/test-app'
import { signup, strongPassword } from './auth-helpers'

const balancer = '192.0.2.10'
const stranger = '192.0.2.99'
let untrusted: TestApp
let oneHop: TestApp
let listed: TestApp

beforeAll(async () => {
  untrusted = await createTestApp({ seed: false })
  oneHop = await createTestApp({ seed: false, env: { TRUST_PROXY: '1' } })
  listed = await createTestApp({ seed: false, env: { TRUST_PROXY: `${balancer},10.0.0.0/8` } })
})

afterAll(async () => {
  for (const testApp of [untrusted, oneHop, listed]) await testApp?.close()
})

const signinThrough = (
  testApp: TestApp,
  username: string,
  plainPassword: string,
  from: { remoteAddress: string; forwardedFor?: string },
) =>
  call(testApp.app, 'signin', {
    remoteAddress: from.remoteAddress,
    headers: from.forwardedFor ? { 'x-forwarded-for': from.forwardedFor } : {},
    body: { username, plainPassword },
  })

/** The address the new session recorded (sign-up's own session came from the default 127.0.0.1). */
async function recordedAddress(testApp: TestApp, from: { remoteAddress: string; forwardedFor?: string }) {
  const user = await signup(testApp.app)
  const answer = await signinThrough(testApp, user.username, strongPassword, from)
  expect(answer.statusCode).toBe(200)
  const rows = await testApp.app.db
    .select({ ip: sessions.ip })
    .from(sessions)
    .where(eq(sessions.userId, user.user.id))
  return rows.map((row) => row.ip).find((ip) => ip !== '127.0.0.1')
}

test('with TRUST_PROXY off, X-Forwarded-For is ignored: the client address is the TCP peer', async () => {
  expect(await recordedAddress(untrusted, { remoteAddress: balancer, forwardedFor: '203.0.113.7' })).toBe(
    balancer,
  )
})

test('with one trusted hop, the client address is the right-most X-Forwarded-For entry', async () => {
  const forwardedFor = '198.51.100.1, 203.0.113.7'
  expect(await recordedAddress(oneHop, { remoteAddress: balancer, forwardedFor })).toBe('203.0.113.7')
  expect(await recordedAddress(oneHop, { remoteAddress: balancer })).toBe(balancer)
})

test('with a proxy list, X-Forwarded-For counts only when the request came from a listed proxy', async () => {
  const forwardedFor = '203.0.113.7'
  expect(await recordedAddress(listed, { remoteAddress: balancer, forwardedFor })).toBe('203.0.113.7')
  expect(await recordedAddress(listed, { remoteAddress: stranger, forwardedFor })).toBe(stranger)
  // A client in front of a listed proxy cannot add hops of its own: only listed proxies are skipped.
  const spoofed = '198.51.100.1, 203.0.113.7'
  expect(await recordedAddress(listed, { remoteAddress: balancer, forwardedFor: spoofed })).toBe(
    '203.0.113.7',
  )
})

/** One visitor's ten wrong passwords, then whether another visitor behind the same balancer is refused. */
async function secondVisitorRefused(testApp: TestApp): Promise<boolean> {
  const { username } = await signup(testApp.app)
  const first = { remoteAddress: balancer, forwardedFor: '203.0.113.1' }
  const failures = await Promise.all(
    Array.from({ length: 10 }, (_, index) =>
      signinThrough(testApp, username, `Wrong-password-${index}`, first),
    ),
  )
  expect(failures.every((answer) => answer.statusCode === 401)).toBe(true)
  expect((await signinThrough(testApp, username, strongPassword, first)).statusCode).toBe(429)
  const second = { remoteAddress: balancer, forwardedFor: '203.0.113.2' }
  return (await signinThrough(testApp, username, strongPassword, second)).statusCode === 429
}

test('behind a trusted balancer, two visitors have separate sign-in counters', async () => {
  expect(await secondVisitorRefused(listed)).toBe(false)
  expect(await secondVisitorRefused(oneHop)).toBe(false)
})

test('with TRUST_PROXY off, everyone behind the balancer shares its address and its counters', async () => {
  expect(await secondVisitorRefused(untrusted)).toBe(true)
})
