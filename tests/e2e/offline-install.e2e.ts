/**
 * Right after install: FAQ and terms open offline although they were never visited,
 * and while the browser is offline the live socket stops dialling (it made 34 WebSocket errors in
 * 10 s), then comes back on `online`.
 */
import { expect, type Page, test } from '@playwright/test'

const password = 'Str0ng-password'

function cachedPaths(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const paths: string[] = []
    for (const name of await caches.keys()) {
      const cache = await caches.open(name)
      for (const request of await cache.keys()) paths.push(new URL(request.url).pathname)
    }
    return paths
  })
}

test('FAQ and terms open offline without a prior visit; the socket waits for the network', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000)
  const username = `install${Date.now().toString(36)}`
  const signup = await request.post('/api/oauth/signup', {
    data: { username, email: `${username}@example.test`, plainPassword: password },
  })
  expect(signup.status()).toBe(201)
  const session = await signup.json()

  const sockets: string[] = []
  page.on('websocket', (socket) => sockets.push(socket.url()))
  const polls: string[] = []
  page.on('request', (sent) => {
    if (sent.url().includes('/socket.io/') && !sent.url().startsWith('ws')) polls.push(sent.url())
  })

  await page.goto('/')
  await page.evaluate(
    ({ token, user }) => {
      localStorage.setItem('token', token)
      localStorage.setItem('user', JSON.stringify(user))
    },
    { token: session.code as string, user: session.user },
  )
  // The dashboard only: FAQ and terms are never opened online.
  await page.goto('/dashboard/deal')
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 30_000,
  })
  await expect
    .poll(() => cachedPaths(page), { timeout: 20_000 })
    .toEqual(
      expect.arrayContaining(['/api/resources/translation/faq/en', '/api/resources/translation/terms/en']),
    )
  await expect.poll(() => sockets.length).toBeGreaterThan(0)

  await context.setOffline(true)
  const socketsBefore = sockets.length
  const pollsBefore = polls.length
  await page.waitForTimeout(10_000)
  const dialled = sockets.length - socketsBefore + (polls.length - pollsBefore)
  // At most the attempt already under way when the network went; no retry loop.
  expect(dialled).toBeLessThanOrEqual(1)

  await page.goto('/faq')
  await expect(page.locator('main h1')).toHaveText('Frequently asked questions')
  await expect(page.locator('a[href^="/faq/"]').first()).toBeVisible()
  const entries = await page.locator('a[href^="/faq/"]').count()
  expect(entries).toBeGreaterThan(2)
  await page.goto('/terms')
  await expect(page.locator('main h1')).toBeVisible()
  await expect(page.locator('main')).not.toContainText('Something went wrong')
  expect(((await page.locator('main').textContent()) ?? '').length).toBeGreaterThan(500)

  // Back online: the socket dials again by itself.
  await page.goto('/dashboard/deal')
  await page.waitForTimeout(3000)
  const offlineCount = sockets.length
  await context.setOffline(false)
  await expect.poll(() => sockets.length, { timeout: 15_000 }).toBeGreaterThan(offlineCount)
})
