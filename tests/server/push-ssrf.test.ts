/**
 * Attacker's tests: a push endpoint is a URL the user gives, and the server then sends requests to
 * it. Internal addresses, plain http, a name resolving inward and a redirect must all be refused.
 */
import { afterAll, beforeAll, expect, test } from 'vitest'
import webpush from 'web-push'
import { checkPushEndpoint, RefusedEndpoint } from '#server/features/push/endpoint-guard.ts'
import { sendPush } from '#server/features/push/push-sender.ts'
import { call } from '../support/call'
import { createTestApp, type TestApp } from '../support/test-app'
import { makeUser, type TestUser } from '../support/test-users'
import { browserKeys, type PushService, startPushService } from './push-fixtures'

let testApp: TestApp
let user: TestUser
let service: PushService

beforeAll(async () => {
  service = await startPushService()
  testApp = await createTestApp({ seed: false })
  user = await makeUser(testApp.app, { username: 'ssrf_user' })
})

afterAll(async () => {
  await testApp?.close()
  await service?.close()
})

const subscribeTo = (endpoint: string) => {
  const keys = browserKeys()
  return call(testApp.app, 'pushSubscribe', {
    params: { username: user.username },
    headers: user.auth,
    body: { endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth }, deviceLabel: 'Phone' },
  })
}

const refused = [
  'http://push.example.com/send/1',
  'https://127.0.0.1/send',
  'https://[::1]/send',
  'https://10.0.0.8/send',
  'https://169.254.169.254/latest/meta-data',
  'https://192.168.1.1/send',
  'https://[fd00::1]/send',
  'https://[::ffff:127.0.0.1]/send',
  'https://0.0.0.0/send',
  'https://224.0.0.1/send',
  // IPv4-compatible IPv6 (::/96, deprecated): the loopback written inside an IPv6 literal.
  'https://[::127.0.0.1]/send',
  'https://[::7f00:1]/send',
  'https://[::10.0.0.8]/send',
  // IPv4 embedded by translation and tunnelling prefixes: NAT64, SIIT, 6to4, Teredo.
  'https://[64:ff9b::7f00:1]/send',
  'https://[::ffff:0:7f00:1]/send',
  'https://[2002:7f00:1::1]/send',
  'https://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/send',
  // Site-local, discard, documentation, benchmarking and reserved IPv4 blocks, carrier NAT, broadcast.
  'https://[fec0::1]/send',
  'https://[100::1]/send',
  'https://[2001:db8::1]/send',
  'https://198.18.0.1/send',
  'https://192.0.2.1/send',
  'https://100.64.0.1/send',
  'https://255.255.255.255/send',
  'https://240.0.0.1/send',
  // A name that resolves to a loopback address.
  'https://localhost/send',
  'https://user:secret@push.example.com/send',
]

for (const endpoint of refused) {
  test(`subscribing to ${endpoint} is refused on the endpoint field`, async () => {
    const response = await subscribeTo(endpoint)
    expect(response.statusCode).toBe(400)
    expect(response.json().errors.children.endpoint.errors).toEqual(['push.endpoint_refused'])
  })
}

test('a host whose name resolves to an internal address is refused, one public answer or not', async () => {
  const resolver = async () => [
    { address: '93.184.216.34', family: 4 },
    { address: '127.0.0.1', family: 4 },
  ]
  await expect(checkPushEndpoint('https://push.attacker.test/x', [], resolver)).rejects.toBeInstanceOf(
    RefusedEndpoint,
  )
  const publicOnly = async () => [{ address: '93.184.216.34', family: 4 }]
  const checked = await checkPushEndpoint('https://push.attacker.test/x', [], publicOnly)
  expect(checked.pinned).toEqual({ address: '93.184.216.34', family: 4 })
})

test('a name whose IPv6 answer hides an internal IPv4 address is refused; a public IPv6 one is kept', async () => {
  for (const hidden of ['::7f00:1', '::ffff:7f00:1', '64:ff9b::a00:8', '2002:a00:8::1', 'fec0::1']) {
    const resolver = async () => [{ address: hidden, family: 6 }]
    await expect(checkPushEndpoint('https://push.attacker.test/x', [], resolver)).rejects.toBeInstanceOf(
      RefusedEndpoint,
    )
  }
  const publicV6 = async () => [{ address: '2606:4700:4700::1111', family: 6 }]
  const checked = await checkPushEndpoint('https://push.example.test/x', [], publicV6)
  expect(checked.pinned).toEqual({ address: '2606:4700:4700::1111', family: 6 })
})

test('the request connects to the address that was checked, without a second DNS lookup', async () => {
  const vapid = webpush.generateVAPIDKeys()
  const keys = browserKeys()
  const port = new URL(service.origin).port
  // '.invalid' never resolves (RFC 6761): the request arrives only through the pinned address.
  const outcome = await sendPush(
    {
      endpoint: {
        url: new URL(`http://push.invalid:${port}/pinned`),
        pinned: { address: '127.0.0.1', family: 4 },
      },
      keys: { p256dh: keys.p256dh, auth: keys.auth },
    },
    '{}',
    { vapid, subject: 'mailto:ops@example.test' },
  )
  expect(outcome).toBe('sent')
  expect(service.requests.map((request) => request.path)).toContain('/pinned')
})

test('a redirect from the push service is not followed', async () => {
  const vapid = webpush.generateVAPIDKeys()
  const keys = browserKeys()
  service.answer = (request) => (request.path === '/redirect' ? 307 : 201)
  try {
    const outcome = await sendPush(
      {
        endpoint: { url: new URL(`${service.origin}/redirect`) },
        keys: { p256dh: keys.p256dh, auth: keys.auth },
      },
      '{}',
      { vapid, subject: 'mailto:ops@example.test' },
    )
    expect(outcome).toBe('failed')
    expect(service.requests.filter((request) => request.path === '/moved')).toEqual([])
  } finally {
    service.answer = () => 201
  }
})
