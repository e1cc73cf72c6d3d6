import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createTestApp, type TestApp } from '../support/test-app'

let testApp: TestApp
const clientDir = mkdtempSync(join(tmpdir(), 'streamdeals-client-'))

beforeAll(async () => {
  mkdirSync(join(clientDir, 'assets'))
  mkdirSync(join(clientDir, 'icons'))
  writeFileSync(
    join(clientDir, 'index.html'),
    '<!doctype html><html><head><link rel="manifest" href="/manifest.webmanifest"></head><body>shell</body></html>',
  )
  writeFileSync(join(clientDir, 'assets', 'index-abc123.js'), 'console.log(1)')
  writeFileSync(join(clientDir, 'sw.js'), 'self.x = 1')
  writeFileSync(join(clientDir, 'manifest.webmanifest'), '{"name":"Streamdeals"}')
  writeFileSync(join(clientDir, 'icons', 'icon-192.png'), 'png')
  testApp = await createTestApp({ env: { CLIENT_DIR: clientDir }, seed: false })
})

afterAll(async () => {
  await testApp?.close()
  rmSync(clientDir, { recursive: true, force: true })
})

const get = (url: string) => testApp.app.inject({ method: 'GET', url })

test('hashed assets are cached for a year as immutable', async () => {
  const response = await get('/assets/index-abc123.js')
  expect(response.statusCode).toBe(200)
  expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable')
})

test('the shell, the service worker and the manifest are revalidated on every load', async () => {
  for (const url of ['/sw.js', '/manifest.webmanifest', '/dashboard/deal']) {
    const response = await get(url)
    expect(response.statusCode, url).toBe(200)
    expect(response.headers['cache-control'], url).toBe('no-cache')
  }
})

test('client routes get the app shell, so deep links and reloads work', async () => {
  for (const url of ['/dashboard/deal', '/faq', '/redir/check/ABC/someone', '/widgets/goal?token=x']) {
    const response = await get(url)
    expect(response.statusCode, url).toBe(200)
    expect(response.body, url).toContain('shell')
    expect(response.headers['content-type'], url).toContain('text/html')
  }
})

test('unknown API, socket and upload paths stay JSON 404s', async () => {
  for (const url of ['/api/nope', '/api', '/uploads/missing.png']) {
    const response = await get(url)
    expect(response.statusCode, url).toBe(404)
    expect(response.json().code, url).toBe('NOT_FOUND')
  }
})

test('other public files get a day of caching', async () => {
  const response = await get('/icons/icon-192.png')
  expect(response.headers['cache-control']).toBe('public, max-age=86400')
})

test('the root path serves the app shell, revalidated', async () => {
  const response = await get('/')
  expect(response.statusCode).toBe(200)
  expect(response.body).toContain('rel="manifest"')
  expect(response.headers['cache-control']).toBe('no-cache')
})
