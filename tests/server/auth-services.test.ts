/** Turnstile and Twitch switched on, talking to a local stand-in of both services on loopback. */
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { call } from '../support/call'
import { createTestApp, type TestApp } from '../support/test-app'
import { signup, strongPassword, uniqueName } from './auth-helpers'

let twitchOauthUrl = ''
let testApp: TestApp
let standIn: Server
const seen: Array<{ path: string; form: URLSearchParams; headers: IncomingMessage['headers'] }> = []

const readBody = (request: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let body = ''
    request.on('data', (chunk: Buffer) => {
      body += chunk.toString()
    })
    request.on('end', () => resolve(body))
  })

beforeAll(async () => {
  standIn = createServer(async (request, response) => {
    const form = new URLSearchParams(await readBody(request))
    const path = request.url ?? ''
    seen.push({ path, form, headers: request.headers })
    response.setHeader('content-type', 'application/json')
    if (path === '/turnstile/siteverify') {
      const ok = form.get('secret') === 'test-secret' && form.get('response') === 'human-token'
      return response.end(JSON.stringify({ success: ok }))
    }
    if (path === '/oauth2/token') {
      if (form.get('code') !== 'good-code' || form.get('client_secret') !== 'twitch-secret') {
        response.statusCode = 400
        return response.end(JSON.stringify({ message: 'Invalid authorization code' }))
      }
      return response.end(JSON.stringify({ access_token: 'twitch-access', token_type: 'bearer' }))
    }
    if (path === '/helix/users' && request.headers.authorization === 'Bearer twitch-access') {
      return response.end(JSON.stringify({ data: [{ id: '777', login: 'caster', display_name: 'Caster' }] }))
    }
    response.statusCode = 404
    return response.end('{}')
  })
  await new Promise<void>((resolve) => standIn.listen(0, '127.0.0.1', resolve))
  const base = `http://127.0.0.1:${(standIn.address() as AddressInfo).port}`
  twitchOauthUrl = `${base}/oauth2`
  testApp = await createTestApp({
    seed: false,
    env: {
      TURNSTILE_SITE_KEY: 'site-key-1',
      TURNSTILE_SECRET: 'test-secret',
      TURNSTILE_VERIFY_URL: `${base}/turnstile/siteverify`,
      TWITCH_CLIENT_ID: 'twitch-client',
      TWITCH_CLIENT_SECRET: 'twitch-secret',
      TWITCH_OAUTH_URL: twitchOauthUrl,
      TWITCH_API_URL: `${base}/helix`,
    },
  })
})

afterAll(async () => {
  await testApp?.close()
  await new Promise((resolve) => standIn?.close(resolve))
})

test('the settings tell the client the captcha site key and the Twitch authorize URL', async () => {
  const settings = (await call(testApp.app, 'authSettings')).json()
  expect(settings.turnstileSiteKey).toBe('site-key-1')
  expect(settings.twitch).toEqual({
    clientId: 'twitch-client',
    authorizeUrl: `${twitchOauthUrl}/authorize`,
  })
})

test('with Turnstile on, sign-up and recovery need a token the verify service accepts', async () => {
  const username = uniqueName()
  const fields = { username, email: `${username}@example.test`, plainPassword: strongPassword }
  const without = await call(testApp.app, 'signup', { body: fields })
  expect(without.statusCode).toBe(400)
  expect(without.json().errors.children.captcha.errors).toEqual(['captcha.invalid'])
  const forged = await call(testApp.app, 'signup', { body: { ...fields, captcha: 'bot-token' } })
  expect(forged.statusCode).toBe(400)
  const human = await call(testApp.app, 'signup', { body: { ...fields, captcha: 'human-token' } })
  expect(human.statusCode).toBe(201)
  expect(seen.some((call) => call.path === '/turnstile/siteverify' && call.form.has('remoteip'))).toBe(true)

  expect((await call(testApp.app, 'recovery', { body: { username } })).statusCode).toBe(400)
  const recovery = await call(testApp.app, 'recovery', { body: { username, captcha: 'human-token' } })
  expect(recovery.statusCode).toBe(202)
})

test('with Turnstile on, a passing captcha lets the owner past an account throttled by many addresses', async () => {
  const username = uniqueName()
  const fields = { username, email: `${username}@example.test`, plainPassword: strongPassword }
  expect(
    (await call(testApp.app, 'signup', { body: { ...fields, captcha: 'human-token' } })).statusCode,
  ).toBe(201)
  const signinFrom = (address: string, plainPassword: string, captcha?: string) =>
    call(testApp.app, 'signin', {
      remoteAddress: address,
      body: { username, plainPassword, ...(captcha ? { captcha } : {}) },
    })
  // 30 failures from three addresses, then one more that takes the throttle's slot.
  const attackers = ['10.7.0.1', '10.7.0.2', '10.7.0.3']
  await Promise.all(
    attackers.flatMap((address) =>
      Array.from({ length: 10 }, (_, index) => signinFrom(address, `Wrong-password-${index}`)),
    ),
  )
  expect((await signinFrom('10.7.0.4', 'Wrong-password-x')).statusCode).toBe(401)
  expect((await signinFrom('10.7.0.5', strongPassword)).statusCode).toBe(429)
  expect((await signinFrom('10.7.0.5', strongPassword, 'bot-token')).statusCode).toBe(429)
  expect((await signinFrom('10.7.0.5', strongPassword, 'human-token')).statusCode).toBe(200)
})

test('Twitch connect exchanges the code server-side and lists the Twitch account', async () => {
  const streamer = await signupWithCaptcha()
  const { username } = streamer
  const refused = await call(testApp.app, 'twitchConnect', { as: streamer, body: { code: 'stale-code' } })
  expect(refused.statusCode).toBe(400)
  expect(refused.json().errors.children.code.errors).toEqual(['twitch.refused'])

  const connected = await call(testApp.app, 'twitchConnect', {
    as: streamer,
    body: { code: 'good-code', redirectUri: 'https://deals.example.test/dashboard/account' },
  })
  expect(connected.statusCode).toBe(201)
  expect(connected.json()).toMatchObject({ code: 'twitch', reference: '777', displayName: 'Caster' })
  const token = seen.find((call) => call.path === '/oauth2/token' && call.form.get('code') === 'good-code')
  expect(token?.form.get('redirect_uri')).toBe('https://deals.example.test/dashboard/account')
  expect(token?.form.get('grant_type')).toBe('authorization_code')
  const users = seen.find((call) => call.path === '/helix/users')
  expect(users?.headers['client-id']).toBe('twitch-client')

  const list = await call(testApp.app, 'platforms', { as: streamer, params: { username } })
  expect(list.json().items).toHaveLength(1)

  const thief = await signupWithCaptcha()
  const stolen = await call(testApp.app, 'twitchConnect', { as: thief, body: { code: 'good-code' } })
  expect(stolen.statusCode).toBe(409)
})

async function signupWithCaptcha() {
  const username = uniqueName()
  const response = await call(testApp.app, 'signup', {
    body: {
      username,
      email: `${username}@example.test`,
      plainPassword: strongPassword,
      captcha: 'human-token',
    },
  })
  expect(response.statusCode).toBe(201)
  return { username, token: response.json().code }
}

test('without Turnstile keys a sign-up needs no captcha (checked in the default app)', async () => {
  const plain = await createTestApp({ seed: false })
  try {
    expect((await signup(plain.app)).token).toMatch(/^[\w-]{43}$/)
  } finally {
    await plain.close()
  }
})
