import { eq } from 'drizzle-orm'
import { expect, test } from 'vitest'
import { oneTimeTokens } from '#server/db/schema.ts'
import { hashToken } from '#server/lib/tokens.ts'
import { endpoint } from '#shared/endpoints.ts'
import { call } from '../support/call'
import { appWithMail, linkToken, signup } from './auth-helpers'

const harness = appWithMail()

const check = (token: string, remoteAddress = '127.0.0.1') =>
  call(harness.app, 'resetCheck', { remoteAddress, body: { token } })

async function resetToken(): Promise<string> {
  const { username, user } = await signup(harness.app)
  expect((await call(harness.app, 'recovery', { body: { username } })).statusCode).toBe(202)
  return linkToken(await harness.smtp.nextMail(user.email, 'type=reset'), 'reset')
}

test('a fresh reset link is usable, and checking it does not spend it', async () => {
  const token = await resetToken()
  expect((await check(token)).json()).toEqual({ usable: true })
  expect((await check(token)).json()).toEqual({ usable: true })
  const reset = await call(harness.app, 'reset', { body: { token, plainPassword: 'N3w-password' } })
  expect(reset.statusCode).toBe(200)
})

test('a used, an expired and an unknown reset link all answer "not usable"', async () => {
  const used = await resetToken()
  await call(harness.app, 'reset', { body: { token: used, plainPassword: 'N3w-password' } })
  expect((await check(used)).json()).toEqual({ usable: false })

  const expired = await resetToken()
  await harness.app.db
    .update(oneTimeTokens)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(oneTimeTokens.tokenHash, hashToken(expired)))
  expect((await check(expired)).json()).toEqual({ usable: false })

  expect((await check('x'.repeat(43))).json()).toEqual({ usable: false })
})

test('a verification token is not a usable reset token', async () => {
  const { user } = await signup(harness.app)
  const token = linkToken(await harness.smtp.nextMail(user.email, 'type=verify'), 'verify')
  expect((await check(token)).json()).toEqual({ usable: false })
})

test('token checks from one address are limited like the reset itself, so tokens cannot be guessed for free', async () => {
  const statuses: number[] = []
  for (let attempt = 0; attempt < 61; attempt += 1) {
    statuses.push((await check(`guess-${attempt}`.padEnd(43, 'x'), '10.9.0.7')).statusCode)
  }
  expect(statuses.slice(0, 60).every((status) => status === 200)).toBe(true)
  expect(statuses[60]).toBe(429)
  expect((await check('x'.repeat(43), '10.9.0.8')).statusCode).toBe(200)
})

test('a check without a token is refused with the form envelope', async () => {
  // Off the contract on purpose (no token), so sent as it is.
  const answer = await harness.app.inject({ method: 'POST', url: endpoint('resetCheck'), payload: {} })
  expect(answer.statusCode).toBe(400)
  expect(answer.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) })
})
