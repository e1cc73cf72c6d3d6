import { expect, test } from 'vitest'
import { call } from '../support/call'
import { appWithMail, linkToken, signin, signup, strongPassword, uniqueName } from './auth-helpers'

const harness = appWithMail()

test('recovery answers the same for a known and an unknown user', async () => {
  const { username } = await signup(harness.app)
  const known = await call(harness.app, 'recovery', { body: { username } })
  const unknown = await call(harness.app, 'recovery', { body: { username: uniqueName('ghost') } })
  expect(known.statusCode).toBe(202)
  expect(unknown.statusCode).toBe(known.statusCode)
  expect(unknown.body).toBe(known.body)
})

test('the reset link from the mail sets a new password, signs in, and kills the old sessions', async () => {
  const { username, user, auth } = await signup(harness.app)
  await call(harness.app, 'recovery', { body: { username } })
  const mail = await harness.smtp.nextMail(user.email, 'type=reset')
  expect(mail.raw.replace(/=\r?\n/g, '')).toContain('https://deals.example.test/redir/verification?token=')
  const token = linkToken(mail, 'reset')

  const weak = await call(harness.app, 'reset', { body: { token, plainPassword: 'weak' } })
  expect(weak.statusCode).toBe(400)
  expect(weak.json().errors.children.plainPassword.errors).toContain('validation.password')

  const reset = await call(harness.app, 'reset', { body: { token, plainPassword: 'N3w-password' } })
  expect(reset.statusCode).toBe(200)
  const body = reset.json()
  expect(body.user.username).toBe(username)
  expect(body.user.emailVerified).toBe(true)
  const fresh = { authorization: `Bearer ${body.code}` }
  const platforms = (headers: Record<string, string>) =>
    call(harness.app, 'platforms', { params: { username }, headers })
  expect((await platforms(fresh)).statusCode).toBe(200)
  expect((await platforms(auth)).statusCode).toBe(401)
  expect((await signin(harness.app, username, strongPassword)).statusCode).toBe(401)
  expect((await signin(harness.app, username, 'N3w-password')).statusCode).toBe(200)

  const again = await call(harness.app, 'reset', { body: { token, plainPassword: 'Other-passw0rd' } })
  expect(again.statusCode).toBe(400)
  expect(again.json().errors.children.token.errors).toEqual(['token.invalid'])
})

test('only the latest reset link works', async () => {
  const { username, user } = await signup(harness.app)
  await call(harness.app, 'recovery', { body: { username } })
  const first = linkToken(await harness.smtp.nextMail(user.email, 'type=reset'), 'reset')
  await call(harness.app, 'recovery', { body: { username: user.email } })
  const second = linkToken(await harness.smtp.nextMail(user.email, 'type=reset'), 'reset')
  expect(
    (await call(harness.app, 'reset', { body: { token: first, plainPassword: 'N3w-password' } })).statusCode,
  ).toBe(400)
  expect(
    (await call(harness.app, 'reset', { body: { token: second, plainPassword: 'N3w-password' } })).statusCode,
  ).toBe(200)
})

test('sign-up mails a verification link that verifies the address once', async () => {
  const { username, user } = await signup(harness.app)
  const token = linkToken(await harness.smtp.nextMail(user.email, 'type=verify'), 'verify')
  const verified = await call(harness.app, 'verify', { body: { token } })
  expect(verified.statusCode).toBe(200)
  expect(verified.json()).toEqual({ emailVerified: true })
  expect((await signin(harness.app, username, strongPassword)).json().user.emailVerified).toBe(true)
  expect((await call(harness.app, 'verify', { body: { token } })).statusCode).toBe(400)
  // A verification token is not a reset token.
  expect(
    (await call(harness.app, 'reset', { body: { token, plainPassword: 'N3w-password' } })).statusCode,
  ).toBe(400)
})

test('recovery mails to one account are limited per hour, with the same answer shape', async () => {
  const { username } = await signup(harness.app)
  const statuses: number[] = []
  for (let attempt = 0; attempt < 6; attempt += 1) {
    statuses.push((await call(harness.app, 'recovery', { body: { username } })).statusCode)
  }
  expect(statuses.slice(0, 5)).toEqual([202, 202, 202, 202, 202])
  expect(statuses[5]).toBe(429)
})
