import { eq } from 'drizzle-orm'
import { expect, test } from 'vitest'
import { oneTimeTokens } from '#server/db/schema.ts'
import { authLimits } from '#server/features/auth/auth-limits.ts'
import { call } from '../support/call'
import { appWithMail, linkToken, signup } from './auth-helpers'

const harness = appWithMail()

const resend = (payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  call(harness.app, 'verifyResend', { body: payload, headers })

test('signed in, a new verification link is mailed; only the newest link verifies', async () => {
  const { user, auth } = await signup(harness.app)
  const first = linkToken(await harness.smtp.nextMail(user.email, 'type=verify'), 'verify')
  const answer = await resend({}, auth)
  expect(answer.statusCode).toBe(202)
  expect(answer.json()).toEqual({ status: 'sent' })
  const second = linkToken(await harness.smtp.nextMail(user.email, 'type=verify'), 'verify')
  expect(second).not.toBe(first)
  expect((await call(harness.app, 'verify', { body: { token: first } })).statusCode).toBe(400)
  expect((await call(harness.app, 'verify', { body: { token: second } })).statusCode).toBe(200)
  // Verified: nothing more is sent, and no limit is spent saying so.
  expect((await resend({}, auth)).json()).toEqual({ status: 'already_verified' })
})

test('a second resend within the minute is refused with the wait; the day allows five', async () => {
  const { user, auth } = await signup(harness.app)
  // The minute passing: its counter emptied (the store keeps its own clock).
  const minutePasses = () => harness.app.rateLimiter.reset(authLimits.verifyResendMinute, user.id)
  expect((await resend({}, auth)).statusCode).toBe(202)
  const again = await resend({}, auth)
  expect(again.statusCode).toBe(429)
  expect(again.json().code).toBe('RATE_LIMITED')
  const wait = Number(again.headers['retry-after'])
  expect(wait).toBeGreaterThan(0)
  expect(wait).toBeLessThanOrEqual(60)

  for (let sent = 2; sent <= 5; sent += 1) {
    await minutePasses()
    expect((await resend({}, auth)).statusCode).toBe(202)
  }
  await minutePasses()
  const sixth = await resend({}, auth)
  expect(sixth.statusCode).toBe(429)
  // The daily count is full: the wait is hours, not the minute's seconds.
  expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(60 * 60)
})

test('signed out, the expired link token asks for a new link for its owner', async () => {
  const { user } = await signup(harness.app)
  const old = linkToken(await harness.smtp.nextMail(user.email, 'type=verify'), 'verify')
  await harness.app.db
    .update(oneTimeTokens)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(oneTimeTokens.userId, user.id))
  expect((await call(harness.app, 'verify', { body: { token: old } })).statusCode).toBe(400)

  const answer = await resend({ token: old })
  expect(answer.statusCode).toBe(202)
  const fresh = linkToken(await harness.smtp.nextMail(user.email, 'type=verify'), 'verify')
  expect((await call(harness.app, 'verify', { body: { token: fresh } })).statusCode).toBe(200)
})

test('signed out without a known token, nothing is sent', async () => {
  expect((await resend({})).statusCode).toBe(400)
  const unknown = await resend({ token: 'not-a-token-we-issued' })
  expect(unknown.statusCode).toBe(400)
  expect(unknown.json().errors.children.token.errors).toEqual(['token.invalid'])
})
