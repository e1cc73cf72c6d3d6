import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { loadScriptsAfterPaint } from '#server/features/content/ssr-renderer.ts'
import { appShellPages, unknownPages } from '../support/spec-pages'
import { createTestApp, type TestApp } from '../support/test-app'

/**
 * Server rendering needs the client and SSR bundles: `SSR_TEST_DIST` (or `dist/`) after a build.
 * Without one, only the fallback to the app shell can be checked here; the e2e suite always has one.
 */
const dist = resolve(process.env.SSR_TEST_DIST ?? 'dist')
const built =
  existsSync(resolve(dist, 'ssr', 'entry-server.js')) && existsSync(resolve(dist, 'client', 'index.html'))

let harness: TestApp
let bare: TestApp

beforeAll(async () => {
  harness = await createTestApp({
    env: { CLIENT_DIR: resolve(dist, 'client'), PUBLIC_URL: 'https://streamdeals.test' },
  })
  bare = await createTestApp({ seed: false })
})
afterAll(async () => {
  await harness.close()
  await bare.close()
})

test('robots.txt keeps crawlers out of the app and points to the sitemap', async () => {
  const response = await harness.app.inject({ url: '/robots.txt' })
  expect(response.headers['content-type']).toContain('text/plain')
  expect(response.body).toContain('Disallow: /dashboard')
  expect(response.body).toContain('Disallow: /api/')
  expect(response.body).toContain('Sitemap: https://streamdeals.test/sitemap.xml')
})

test('sitemap.xml lists the public pages and every FAQ entry', async () => {
  const response = await harness.app.inject({ url: '/sitemap.xml' })
  expect(response.headers['content-type']).toContain('application/xml')
  for (const path of ['/', '/faq', '/terms', '/faq/how-to-start']) {
    expect(response.body).toContain(`<loc>https://streamdeals.test${path}</loc>`)
  }
})

test('without a build the public pages fall back to the client (no crash)', async () => {
  const response = await bare.app.inject({ url: '/faq' })
  // No client build at all in this app: the shell's own "not built" answer, not a 500.
  expect(response.statusCode).toBe(503)
})

test("a server-rendered page loads the app's scripts after its first paint", () => {
  const shell = [
    '<script type="module" crossorigin src="/assets/runtime-abc.js"></script>',
    '<script type="module" crossorigin src="/assets/index-abc.js"></script>',
    '<link rel="modulepreload" crossorigin href="/assets/runtime-def.js">',
    '<link rel="stylesheet" crossorigin href="/assets/index-ghi.css">',
  ].join('\n')
  const page = loadScriptsAfterPaint(shell)
  // Neither the module script nor its preload is fetched while the page paints...
  expect(page).not.toContain('type="module"')
  expect(page).not.toContain('modulepreload')
  // ...the loader adds them afterwards, and the stylesheet stays where the first paint needs it.
  expect(page).toContain(
    '<script defer src="/after-paint.js" data-src="/assets/runtime-abc.js /assets/index-abc.js" data-preload="/assets/runtime-def.js"></script>',
  )
  expect(page).toContain('<link rel="stylesheet" crossorigin href="/assets/index-ghi.css">')
})

test.runIf(built)('/faq is rendered on the server with its questions, title and state', async () => {
  const response = await harness.app.inject({ url: '/faq', headers: { 'accept-language': 'en-GB,en;q=0.8' } })
  expect(response.statusCode).toBe(200)
  expect(response.body).toContain('<html lang="en"')
  expect(response.body).toContain('How do I get started?')
  expect(response.body).toMatch(/<title>[^<]*Streamdeals<\/title>/)
  expect(response.body).toContain('<link rel="canonical" href="https://streamdeals.test/faq" />')
  // The router's state for hydration: its inline scripts, let in by this response's CSP nonce alone.
  const nonce = /script-src [^;]*'nonce-([^']+)'/.exec(
    String(response.headers['content-security-policy']),
  )?.[1]
  expect(nonce).toBeTruthy()
  expect(response.body).toContain(`<script nonce="${nonce}"`)
  expect(response.body).toContain('$_TSR.router=')
  expect(response.body).toContain('<script defer src="/after-paint.js" data-src="/assets/')
  expect(response.headers.vary).toContain('Cookie')
})

test.runIf(built)('the language cookie wins over Accept-Language', async () => {
  const response = await harness.app.inject({
    url: '/faq',
    headers: { cookie: 'i18n_cookie=fr', 'accept-language': 'es' },
  })
  expect(response.body).toContain('<html lang="fr"')
  expect(response.body).toContain('Comment commencer\u202f?')
  expect(response.body).not.toContain('How do I get started?')
})

test.runIf(built)('an unknown FAQ entry is a 404 page', async () => {
  const response = await harness.app.inject({ url: '/faq/no-such-question' })
  expect(response.statusCode).toBe(404)
  expect(response.headers['content-type']).toContain('text/html')
})

test.runIf(built)('home and terms render their content; markdown cannot inject markup', async () => {
  const home = await harness.app.inject({ url: '/', headers: { 'accept-language': 'es' } })
  expect(home.statusCode).toBe(200)
  expect(home.body).toContain('<html lang="es"')
  expect(home.body).toContain('mission-card')
  const terms = await harness.app.inject({ url: '/terms' })
  expect(terms.body).toContain('Acceptance of the terms')
  expect(terms.body).toContain('$_TSR.router=')
})

test.runIf(built)('a public page asked for with a trailing slash redirects to its own address', async () => {
  const response = await harness.app.inject({ url: '/faq/how-to-start/?from=mail' })
  expect(response.statusCode).toBe(307)
  expect(response.headers.location).toBe('/faq/how-to-start?from=mail')
})

test.runIf(built)('dashboard routes stay on the client-rendered shell', async () => {
  const response = await harness.app.inject({ url: '/dashboard/deal' })
  expect(response.statusCode).toBe(200)
  expect(response.body).not.toContain('$_TSR')
  expect(response.body).toContain('<!--app-html-->')
})

test.runIf(built)('every client route answers 200 with the app shell', async () => {
  for (const url of appShellPages) {
    const response = await harness.app.inject({ url })
    expect(response.statusCode, url).toBe(200)
    expect(response.body, url).toContain('<!--app-html-->')
  }
})

test.runIf(built)('an address no route has is a 404 page saying so, with a link home', async () => {
  for (const url of unknownPages) {
    const response = await harness.app.inject({ url })
    expect(response.statusCode, url).toBe(404)
    expect(response.headers['content-type'], url).toContain('text/html')
    expect(response.body, url).toContain('This page could not be found')
    expect(response.body, url).toContain('href="/"')
  }
})
