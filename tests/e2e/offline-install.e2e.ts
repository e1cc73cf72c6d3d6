/**
 * Right after install: FAQ and terms open offline although they were never visited,
 * and while the browser is offline the live socket stops dialling (it made 34 WebSocket errors in
 * 10 s), then comes back on `online`. Before install, a page whose code was never fetched says it
 * waits for the network.
 */
import { expect, type Page, test } from '@playwright/test'
import { storeSession } from './stored-session'

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

test('before the app is installed, a page asked for offline says so and opens back online; the app is never swapped for the browser’s offline page', async ({
  browser,
  request,
}) => {
  // No service worker yet, as on a first visit before it takes over: nothing is cached.
  const context = await browser.newContext({ serviceWorkers: 'block' })
  const username = `firstvisit${Date.now().toString(36)}`
  const signup = await request.post('/api/oauth/signup', {
    data: { username, email: `${username}@example.test`, plainPassword: password },
  })
  expect(signup.status()).toBe(201)
  const session = await signup.json()
  await storeSession(context, session.code as string, session.user)
  // The page's deferred part (the update prompt) is still on its way when the network goes, as on a
  // slow phone: it must wait for the connection, not fail the page.
  let goOffline = () => {}
  const wentOffline = new Promise<void>((resolve) => {
    goOffline = resolve
  })
  await context.route('**/assets/deferred-ui-*.js', async (route) => {
    await wentOffline
    await route.abort('internetdisconnected')
  })
  const page = await context.newPage()
  const documents: string[] = []
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) documents.push(frame.url())
  })
  await page.goto('/dashboard/deal/payment')
  await expect(page.getByRole('heading', { name: 'Create your wallet' })).toBeVisible()
  await context.setOffline(true)
  goOffline()
  // The footer's Terms link is below the fold, so its page was never prefetched: its code fails to load.
  await page.getByRole('link', { name: 'Terms' }).click()
  await expect(page.getByTestId('offline-page')).toContainText('You are offline')
  // Idle prefetches fail meanwhile too; none of it reloads into the browser's offline page.
  await page.waitForTimeout(3000)
  expect(documents.filter((url) => !url.startsWith('http://127.0.0.1'))).toEqual([])
  await expect(page.getByTestId('offline-page')).toBeVisible()

  await context.unrouteAll({ behavior: 'ignoreErrors' })
  await context.setOffline(false)
  await expect(page.locator('main h1')).toHaveText(/Terms/)
  await context.close()
})
