import { expect, test } from 'vitest'
import { appWithMail, linkToken, signin, signup, strongPassword, uniqueName } from './auth-helpers'

const harness = appWithMail()

const post = harness.post

test('recovery answers the same for a known and an unknown user', async () => {
  const { username } = await signup(harness.app)
  const known = await post('/api/oauth/recovery', { username })
  const unknown = await post('/api/oauth/recovery', { username: uniqueName('ghost') })
  expect(known.statusCode).toBe(202)
  expect(unknown.statusCode).toBe(known.statusCode)
  expect(unknown.body).toBe(known.body)
})

test('the reset link from the mail sets a new password, signs in, and kills the old sessions', async () => {
  const { username, user, auth } = await signup(harness.app)
  await post('/api/oauth/recovery', { username })
  const mail = await harness.smtp.nextMail(user.email, 'type=reset')
  expect(mail.raw.replace(/=\r?\n/g, '')).toContain('https://deals.example.test/redir/verification?token=')
  const token = linkToken(mail, 'reset')

  const weak = await post('/api/oauth/reset', { token, plainPassword: 'weak' })
  expect(weak.statusCode).toBe(400)
  expect(weak.json().errors.children.plainPassword.errors).toContain('validation.password')

  const reset = await post('/api/oauth/reset', { token, plainPassword: 'N3w-password' })
  expect(reset.statusCode).toBe(200)
  const body = reset.json()
  expect(body.user.username).toBe(username)
  expect(body.user.emailVerified).toBe(true)
  const fresh = { authorization: `Bearer ${body.code}` }
  const platforms = (headers: Record<string, string>) =>
    harness.app.inject({ method: 'GET', url: `/api/user/${username}/plateform`, headers })
  expect((await platforms(fresh)).statusCode).toBe(200)
  expect((await platforms(auth)).statusCode).toBe(401)
  expect((await signin(harness.app, username, strongPassword)).statusCode).toBe(401)
  expect((await signin(harness.app, username, 'N3w-password')).statusCode).toBe(200)

  const again = await post('/api/oauth/reset', { token, plainPassword: 'Other-passw0rd' })
  expect(again.statusCode).toBe(400)
  expect(again.json().errors.children.token.errors).toEqual(['token.invalid'])
})

test('only the latest reset link works', async () => {
  const { username, user } = await signup(harness.app)
  await post('/api/oauth/recovery', { username })
  const first = linkToken(await harness.smtp.nextMail(user.email, 'type=reset'), 'reset')
  await post('/api/oauth/recovery', { username: user.email })
  const second = linkToken(await harness.smtp.nextMail(user.email, 'type=reset'), 'reset')
  expect((await post('/api/oauth/reset', { token: first, plainPassword: 'N3w-password' })).statusCode).toBe(
    400,
  )
  expect((await post('/api/oauth/reset', { token: second, plainPassword: 'N3w-password' })).statusCode).toBe(
    200,
  )
})

test('sign-up mails a verification link that verifies the address once', async () => {
  const { username, user } = await signup(harness.app)
  const token = linkToken(await harness.smtp.nextMail(user.email, 'type=verify'), 'verify')
  const verified = await post('/api/oauth/verify', { token })
  expect(verified.statusCode).toBe(200)
  expect(verified.json()).toEqual({ emailVerified: true })
  expect((await signin(harness.app, username, strongPassword)).json().user.emailVerified).toBe(true)
  expect((await post('/api/oauth/verify', { token })).statusCode).toBe(400)
  // A verification token is not a reset token.
  expect((await post('/api/oauth/reset', { token, plainPassword: 'N3w-password' })).statusCode).toBe(400)
})

test('recovery mails to one account are limited per hour, with the same answer shape', async () => {
  const { username } = await signup(harness.app)
  const statuses: number[] = []
  for (let attempt = 0; attempt < 6; attempt += 1) {
    statuses.push((await post('/api/oauth/recovery', { username })).statusCode)
  }
  expect(statuses.slice(0, 5)).toEqual([202, 202, 202, 202, 202])
  expect(statuses[5]).toBe(429)
})
