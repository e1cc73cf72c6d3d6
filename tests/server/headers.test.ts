import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { get } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { io as connect } from 'socket.io-client'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { type EndpointName, endpoints } from '#shared/endpoints.ts'
import { clientRoutePaths, fillRoute } from '../support/client-routes'
import { createTestApp, type TestApp } from '../support/test-app'

// Security headers on every API row of the endpoint table and every client route of the route tree,
// so rows and pages added later are covered without touching this file.

const publicUrl = 'http://app.streamdeals.test'
const partner = 'https://partner.example'
const foreign = 'https://evil.example'

let testApp: TestApp
let clientDir: string

beforeAll(async () => {
  // A stand-in client build: the shell's headers are what is under test, not its content.
  clientDir = mkdtempSync(join(tmpdir(), 'streamdeals-headers-client-'))
  writeFileSync(join(clientDir, 'index.html'), '<!doctype html><title>Streamdeals</title>')
  mkdirSync(join(clientDir, 'assets'))
  writeFileSync(join(clientDir, 'assets', 'index.0123abcd.js'), 'export {}')
  writeFileSync(join(clientDir, 'sw.js'), 'self.addEventListener("push", () => {})')
  testApp = await createTestApp({
    listen: true,
    env: { PUBLIC_URL: publicUrl, CORS_ORIGINS: partner, CLIENT_DIR: clientDir },
  })
})

afterAll(async () => {
  await testApp?.close()
  rmSync(clientDir, { recursive: true, force: true })
})

const sampleUrl = (name: EndpointName) =>
  endpoints[name].path.replace(/\{(\w+)\}/g, (_match, key: string) => `sample-${key}`)

const apiRows = Object.keys(endpoints) as EndpointName[]

const directives = (csp: unknown) =>
  new Map(
    String(csp ?? '')
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name = '', ...values]) => [name, values]),
  )

/** The Permissions-Policy header as a map from feature to its allowlist (`()` is empty: nobody). */
const permissions = (header: unknown) =>
  new Map(
    [...String(header ?? '').matchAll(/([a-z-]+)=\(([^)]*)\)/g)].map(([, name = '', list = '']) => [
      name,
      list,
    ]),
  )

// Features no page uses are denied, to the page and to every frame in it; what the app uses is kept.
function expectPermissionsPolicy(headers: Record<string, unknown>) {
  const policy = permissions(headers['permissions-policy'])
  for (const feature of ['camera', 'microphone', 'geolocation', 'usb', 'serial', 'hid', 'midi']) {
    expect(policy.get(feature), feature).toBe('')
  }
  // Without Stripe configured, nobody may open a payment sheet.
  expect(policy.get('payment')).toBe('')
  // The copy buttons, the go-live kit's Share button.
  expect(policy.get('clipboard-write')).toBe('self')
  expect(policy.get('web-share')).toBe('self')
  // Notifications and push are not policy-controlled: nothing may be written about them (a browser would
  // warn about an unknown feature, and nothing must stand in the way of the device's push switch).
  expect(String(headers['permissions-policy'])).not.toMatch(/notification|push/)
}

function expectHardenedPolicy(headers: Record<string, unknown>, frameAncestors: string) {
  expectPermissionsPolicy(headers)
  const csp = directives(headers['content-security-policy'])
  expect(csp.get('object-src')).toEqual(["'none'"])
  expect(csp.get('base-uri')).toEqual(["'none'"])
  expect(csp.get('frame-ancestors')).toEqual([frameAncestors])
  // Scripts only from our origin (and named third parties): never inline, never eval.
  expect(csp.get('script-src')).not.toContain("'unsafe-inline'")
  expect(csp.get('script-src')).not.toContain("'unsafe-eval'")
  expect(headers['x-content-type-options']).toBe('nosniff')
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
}

test.each(apiRows)('API %s answers with the hardened policy and no-store', async (name) => {
  const response = await testApp.app.inject({ method: endpoints[name].method, url: sampleUrl(name) })
  expectHardenedPolicy(response.headers, "'none'")
  expect(response.headers['cache-control']).toBe('no-store')
  expect(response.headers['x-frame-options']).toBeDefined()
})

test('API errors of the framework itself (bad JSON, unknown path) carry the same headers', async () => {
  const badJson = await testApp.app.inject({
    method: 'POST',
    url: '/api/oauth/signin',
    headers: { 'content-type': 'application/json' },
    payload: '{"username":',
  })
  const unknown = await testApp.app.inject({ method: 'GET', url: '/api/no/such/route' })
  for (const response of [badJson, unknown]) {
    expect(response.statusCode).toBeGreaterThanOrEqual(400)
    expectHardenedPolicy(response.headers, "'none'")
    expect(response.headers['cache-control']).toBe('no-store')
  }
})

const pages = clientRoutePaths().map((template) =>
  fillRoute(template, { code: 'SAMPLE', status: 'inprogress', username: 'someone' }),
)
const isWidget = (path: string) => path.startsWith('/widgets/')

test.each(pages.filter((path) => !isWidget(path)))('page %s may not be framed', async (path) => {
  const response = await testApp.app.inject({ method: 'GET', url: path })
  expect(response.statusCode).toBeLessThan(500)
  expectHardenedPolicy(response.headers, "'none'")
  expect(response.headers['x-frame-options']).toBe('SAMEORIGIN')
})

test.each(pages.filter(isWidget))('widget %s may be framed by streaming software', async (path) => {
  const response = await testApp.app.inject({ method: 'GET', url: `${path}?token=abc` })
  expectHardenedPolicy(response.headers, '*')
  expect(response.headers['x-frame-options']).toBeUndefined()
})

test('static files, the service worker and uploads carry the Permissions-Policy too', async () => {
  const answers = {
    '/assets/index.0123abcd.js': 200,
    '/sw.js': 200,
    '/uploads/no-such-file.png': 404,
    '/healthz': 200,
  }
  for (const [url, status] of Object.entries(answers)) {
    const response = await testApp.app.inject({ method: 'GET', url })
    expect(response.statusCode, url).toBe(status)
    expectPermissionsPolicy(response.headers)
  }
})

test('with Stripe configured, its frames alone may use the Payment Request API (its 3-D Secure step)', async () => {
  const withStripe = await createTestApp({ env: { VITE_STRIPE_PUBLIC_KEY: 'pk_test_headers' } })
  try {
    for (const url of ['/', '/api/deals/missions']) {
      const response = await withStripe.app.inject({ method: 'GET', url })
      const policy = permissions(response.headers['permissions-policy'])
      expect(policy.get('payment')).toBe('self "https://js.stripe.com"')
      expect(policy.get('camera')).toBe('')
    }
  } finally {
    await withStripe.close()
  }
})

test('HSTS is sent when the public URL is https, and not over plain http', async () => {
  const plain = await testApp.app.inject({ method: 'GET', url: '/api/deals/missions' })
  expect(plain.headers['strict-transport-security']).toBeUndefined()
  const secure = await createTestApp({ env: { PUBLIC_URL: 'https://streamdeals.example' } })
  try {
    for (const url of ['/api/deals/missions', '/healthz']) {
      const response = await secure.app.inject({ method: 'GET', url })
      const hsts = String(response.headers['strict-transport-security'])
      // A year at least: the preload list and most audits ask for that.
      expect(Number(/max-age=(\d+)/.exec(hsts)?.[1])).toBeGreaterThanOrEqual(31_536_000)
    }
  } finally {
    await secure.close()
  }
})

const preflight = (origin: string) =>
  testApp.app.inject({
    method: 'OPTIONS',
    url: '/api/oauth/signin',
    headers: {
      origin,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'content-type,authorization',
    },
  })

test('CORS grants our own and the configured origins only', async () => {
  for (const allowed of [publicUrl, partner]) {
    const response = await preflight(allowed)
    expect(response.headers['access-control-allow-origin']).toBe(allowed)
    const get = await testApp.app.inject({
      method: 'GET',
      url: '/api/deals/missions',
      headers: { origin: allowed },
    })
    expect(get.headers['access-control-allow-origin']).toBe(allowed)
  }
  for (const refused of [foreign, 'null', `${partner}.evil.example`, 'http://partner.example']) {
    const response = await preflight(refused)
    expect(response.headers['access-control-allow-origin']).toBeUndefined()
    const get = await testApp.app.inject({
      method: 'GET',
      url: '/api/deals/missions',
      headers: { origin: refused },
    })
    expect(get.headers['access-control-allow-origin']).toBeUndefined()
  }
})

test('CORS never allows credentials or a wildcard origin', async () => {
  const response = await preflight(partner)
  expect(response.headers['access-control-allow-credentials']).toBeUndefined()
  const get = await testApp.app.inject({
    method: 'GET',
    url: '/api/deals/missions',
    headers: { origin: foreign },
  })
  expect(get.headers['access-control-allow-origin']).not.toBe('*')
})

/** Resolves true when the socket connects, false when the handshake is refused. */
function socketAccepted(
  origin: string | undefined,
  transport: 'websocket' | 'polling',
  host?: string,
): Promise<boolean> {
  const socket = connect(testApp.url ?? '', {
    transports: [transport],
    extraHeaders: { ...(origin === undefined ? {} : { origin }), ...(host === undefined ? {} : { host }) },
    reconnection: false,
    forceNew: true,
    timeout: 5000,
  })
  return new Promise((resolve) => {
    socket.once('connect', () => {
      socket.disconnect()
      resolve(true)
    })
    socket.once('connect_error', () => {
      socket.disconnect()
      resolve(false)
    })
  })
}

test.each(['websocket', 'polling'] as const)(
  'a %s handshake from a foreign origin is refused',
  async (transport) => {
    expect(await socketAccepted(foreign, transport)).toBe(false)
    expect(await socketAccepted(`${partner}.evil.example`, transport)).toBe(false)
  },
)

test.each(['websocket', 'polling'] as const)(
  'a %s handshake from our or a configured origin is accepted',
  async (transport) => {
    expect(await socketAccepted(publicUrl, transport)).toBe(true)
    expect(await socketAccepted(partner, transport)).toBe(true)
    // Non-browser clients (scripts, OBS plugins) send no Origin: nothing cross-site to refuse.
    expect(await socketAccepted(undefined, transport)).toBe(true)
  },
)

test.each(['websocket', 'polling'] as const)(
  'a %s handshake whose Origin merely names the Host it was sent to is refused',
  async (transport) => {
    // The listening address is not PUBLIC_URL: reaching the server by IP or another name proves nothing.
    expect(await socketAccepted(testApp.url, transport)).toBe(false)
  },
)

/** The status of a raw polling handshake with the Origin and Host a browser would send. */
function pollingHandshake(origin: string, host: string): Promise<number> {
  const { port } = new URL(testApp.url ?? '')
  return new Promise((resolve, reject) => {
    const path = '/socket.io/?EIO=4&transport=polling'
    get({ host: '127.0.0.1', port, path, headers: { origin, host } }, (response) => {
      response.resume()
      resolve(response.statusCode ?? 0)
    }).on('error', reject)
  })
}

test('a foreign site whose name resolves to our server (DNS rebinding) cannot open a socket', async () => {
  // The browser's Origin and Host then agree: both name the attacker's site.
  const host = new URL(foreign).host
  expect(await socketAccepted(foreign, 'websocket', host)).toBe(false)
  // The polling client cannot set Host, so that transport's handshake is sent by hand.
  expect(await pollingHandshake(foreign, host)).toBe(403)
  expect(await pollingHandshake(publicUrl, new URL(publicUrl).host)).toBe(200)
})

test('an opaque or malformed Origin is refused without harming the server', async () => {
  for (const origin of ['null', 'not a url', 'http://']) {
    expect(await socketAccepted(origin, 'websocket')).toBe(false)
  }
  expect((await testApp.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200)
})
