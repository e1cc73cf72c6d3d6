/**
 * Offline and live: the installed app against a server these tests stop and start again
 * on the same data (offline-support.ts), one behaviour per test, in order.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  type APIRequestContext,
  type BrowserContext,
  chromium,
  expect,
  type Page,
  request as playwrightRequest,
  test,
} from '@playwright/test'
import { chromiumArgs, waitUntilReady } from './built-server'
import {
  type Account,
  adminAuth,
  base,
  cachedUrls,
  dealCodeOf,
  fixed,
  measureEventToUi,
  median,
  OfflineServer,
  password,
  percentile,
  persisted,
  running,
  signUp,
  stampChange,
  stampDashboard,
  takenOffline,
  timedReload,
} from './offline-support'

test.use({ baseURL: base })
test.setTimeout(300_000)

// One installed app, one streamer, one server that the tests stop and restart: each test picks up
// where the previous one left the app, so they run in order.
test.describe.configure({ mode: 'serial' })

let dataDir: string
let server: OfflineServer

let api: APIRequestContext
let streamer: Account
let admin: { authorization: string }
let profileDir: string
let context: BrowserContext
let page: Page
let faqCode: string

test.beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'streamdeals-offline-'))
  server = new OfflineServer(dataDir)
  server.start()
  await waitUntilReady(base)
  api = await playwrightRequest.newContext({ baseURL: base })
  streamer = await signUp(api, 'offline')
  admin = await adminAuth(api)
  for (const mission of [running, fixed]) {
    const taken = await api.post(`/api/deals/subscriptions/${mission.code}/${streamer.username}`, {
      headers: streamer.auth,
    })
    expect(taken.status()).toBe(201)
  }
  const wallet = await api.post(`/api/wallets/user/${streamer.username}`, {
    headers: streamer.auth,
    data: {
      kind: 'person',
      person: {
        firstName: 'Ada',
        lastName: 'Offline',
        birthDate: '1990-04-01',
        address: { line1: '1 rue du Train', city: 'Lyon', postalCode: '69001', country: 'FR' },
      },
    },
  })
  expect(wallet.status()).toBeLessThan(300)

  // A persistent profile, as an installed app has (Chromium refuses installation in incognito).
  profileDir = mkdtempSync(join(tmpdir(), 'streamdeals-offline-profile-'))
  context = await chromium.launchPersistentContext(profileDir, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    baseURL: base,
    args: chromiumArgs,
  })
  // Signed in once, as the login form would leave it; the marker keeps a later logout signed out.
  await context.addInitScript(
    ([token, user]) => {
      if (sessionStorage.getItem('e2e-signed-in')) return
      sessionStorage.setItem('e2e-signed-in', '1')
      localStorage.setItem('token', token as string)
      localStorage.setItem('user', user as string)
    },
    [streamer.token, JSON.stringify(streamer.user)],
  )
  page = context.pages()[0] ?? (await context.newPage())
  await context.addInitScript(stampDashboard, running.title)
})

test.afterAll(async () => {
  await context?.close()
  await api?.dispose()
  if (profileDir) rmSync(profileDir, { recursive: true, force: true })
  await server.stop()
  rmSync(dataDir, { recursive: true, force: true })
})

test('the app is installable and caches public content, never an authenticated answer', async () => {
  // Installable: Chromium's own check finds nothing missing.
  await page.goto('/dashboard/deal')
  const cdp = await context.newCDPSession(page)
  const installability = await cdp.send('Page.getInstallabilityErrors')
  expect(installability.installabilityErrors).toEqual([])

  // Browse while online, until the worker controls the page.
  await expect(page.getByText(running.title).first()).toBeVisible()
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 30_000,
  })
  faqCode = await (async () => {
    await page.goto('/faq')
    const first = page.locator('a[href^="/faq/"]').first()
    await first.waitFor()
    return ((await first.getAttribute('href')) ?? '').replace('/faq/', '')
  })()
  await page.goto(`/faq/${faqCode}`)
  await page.goto('/terms')
  await expect(page.locator('main h1')).toBeVisible()
  await page.goto(`/dashboard/deal/inprogress/${running.code}`)
  await expect(page.getByText(running.title).first()).toBeVisible()
  await page.goto(`/dashboard/deal/inprogress/${running.code}/events`)
  await expect(page.getByTestId('deal-events')).toBeVisible()
  await page.goto('/dashboard/deal/payment')
  await expect(page.locator('main')).toContainText('€')
  await page.goto('/dashboard/deal/completed')
  await page.goto('/dashboard/deal')
  await expect(page.getByText(running.title).first()).toBeVisible()

  // No authenticated API response was stored: only public content and the app's own files.
  const cached = await cachedUrls(page)
  const apiPaths = Object.values(cached)
    .flat()
    .filter((path) => path.startsWith('/api/'))
  expect(apiPaths.length).toBeGreaterThan(0)
  for (const path of apiPaths) expect(path).toMatch(/^\/api\/resources\/translation\//)
})

test('offline, the dashboard reloads about as fast as online and visited pages show with the offline strip', async () => {
  // Warm online reloads, then the same offline (server stopped), 7 each.
  const online: number[] = []
  for (let run = 0; run < 7; run++) online.push(await timedReload(page))
  await server.stop()
  const offline: number[] = []
  for (let run = 0; run < 7; run++) offline.push(await timedReload(page))
  await expect(page.getByTestId('offline-status')).toContainText('Offline')
  await expect(page.getByTestId('last-synced')).toBeVisible()
  console.log(
    `[offline] reload to rendered dashboard (navigation start to deal list), median of 7: online warm ${median(online)} ms, offline ${median(offline)} ms ` +
      `(online ${online.join(', ')}; offline ${offline.join(', ')})`,
  )

  // The pages visited render from cache, with the offline indicator.
  for (const [path, text] of [
    [`/dashboard/deal/inprogress/${running.code}`, running.title],
    ['/dashboard/deal/payment', '€'],
    ['/faq', ''],
    [`/faq/${faqCode}`, ''],
    ['/terms', ''],
  ] as const) {
    await page.goto(path)
    await expect(page.locator('main h1').first(), path).toBeVisible()
    if (text) await expect(page.locator('main'), path).toContainText(text)
    await expect(page.getByTestId('offline-status'), path).toContainText('Offline')
  }
})

test('changes made offline wait, survive a reload, and reach the server exactly once when it returns', async () => {
  // Offline changes: take a mission and edit the profile; both wait, and survive a reload.
  await page.goto('/dashboard/deal')
  await page.getByRole('button', { name: `Take the mission ${takenOffline.title}` }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Yes, take it' }).click()
  await expect(page.getByTestId('offline-status')).toContainText(`Take the mission “${takenOffline.title}”`)
  await persisted(page, takenOffline.code)
  await page.goto('/dashboard/account')
  await page.getByLabel('Phone number').fill('+33 6 11 22 33 44')
  await page.getByRole('button', { name: 'Save my profile' }).click()
  await expect(page.getByTestId('offline-status')).toContainText('Profile changes')
  await persisted(page, '+33 6 11 22 33 44')
  await page.reload()
  await expect(page.getByTestId('offline-status')).toContainText('Waiting to send')
  await expect(page.getByTestId('offline-status')).toContainText(`Take the mission “${takenOffline.title}”`)
  await expect(page.getByTestId('offline-status')).toContainText('Profile changes')

  // The server comes back: each change reaches it exactly once.
  const sent: string[] = []
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname
    if (request.method() !== 'GET' && path.startsWith('/api/')) sent.push(`${request.method()} ${path}`)
  })
  server.start()
  await waitUntilReady(base)
  await expect(page.getByTestId('offline-status')).toHaveCount(0, { timeout: 15_000 })
  const deals = await (
    await api.get(`/api/deals/user/${streamer.username}/missions?state=inprogress`, {
      headers: streamer.auth,
    })
  ).json()
  expect(deals.items.map((deal: { mission: { code: string } }) => deal.mission.code)).toContain(
    takenOffline.code,
  )
  const take = `POST /api/deals/subscriptions/${takenOffline.code}/${streamer.username}`
  const profile = `PUT /api/user/${streamer.username}`
  expect(sent.filter((line) => line === take)).toHaveLength(1)
  expect(sent.filter((line) => line === profile)).toHaveLength(1)
  await page.goto('/dashboard/account')
  await expect(page.getByLabel('Phone number')).toHaveValue('+33 6 11 22 33 44')
})

test('a deal finished while offline moves to completed, and the wallet updates, within a second of reconnecting', async () => {
  // While the client is offline an admin finishes a deal; on reconnect it moves and the wallet updates.
  await page.goto('/dashboard/deal/completed')
  const walletPage = await context.newPage()
  await walletPage.goto('/dashboard/deal/payment')
  // The balance itself: the rest of the page also changes offline (payouts say they wait for a network).
  const balanceBefore = (await walletPage.getByTestId('wallet-balance').textContent()) ?? ''
  await context.setOffline(true)
  await expect(page.getByTestId('offline-status')).toContainText('Offline')
  const finished = await api.put(`/api/admin/deals/${await dealCodeOf(api, streamer, fixed.code)}/state`, {
    headers: admin,
    data: { state: 'finished' },
  })
  expect(finished.status()).toBe(200)
  // The pages stamp the moment they change themselves: Playwright's polling would add up to a second.
  const moved = stampChange(page, 'main', 'includes', fixed.title)
  const walletChanged = stampChange(walletPage, '[data-testid="wallet-balance"]', 'differs', balanceBefore)
  await Promise.all([moved.armed, walletChanged.armed])
  const reconnected = Date.now()
  await context.setOffline(false)
  const movedAfter = (await moved.at) - reconnected
  await expect(page.locator('main')).toContainText(fixed.title)
  const walletAfter = (await walletChanged.at) - reconnected
  await expect(walletPage.getByTestId('wallet-balance')).not.toHaveText(balanceBefore)
  await expect(page.getByText(`“${fixed.title}” is completed`)).toBeVisible()
  console.log(
    `[offline] after reconnect: deal in completed ${movedAfter} ms, wallet updated ${walletAfter} ms`,
  )
  expect(movedAfter).toBeLessThan(1000)
  expect(walletAfter).toBeLessThan(1000)
  await walletPage.close()
})

test('socket events reach the screen live', async () => {
  // Socket event to visible UI change, 60 tracked clicks on the events page.
  const latencies = await measureEventToUi(page, streamer)
  expect(latencies).toHaveLength(60)
  console.log(
    `[offline] socket event to UI over ${latencies.length} events: p50 ${percentile(latencies, 50).toFixed(1)} ms, ` +
      `p95 ${percentile(latencies, 95).toFixed(1)} ms`,
  )
})

test('logging out offline forgets the user: the next user on the device sees none of their data', async () => {
  // Log out while offline; the next user sees nothing of the first one.
  await server.stop()
  await page.goto('/dashboard/deal')
  await page.locator('.desktop-nav').getByRole('link', { name: 'Log out' }).click()
  await expect(page).toHaveURL(`${base}/`)
  const storage = await page.evaluate(async () => {
    const databases = await indexedDB.databases()
    const entries: string[] = []
    for (const { name } of databases) {
      // Workbox's own bookkeeping (expiry dates of the public content cache) is no user data.
      if (!name || name.startsWith('workbox-')) continue
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(name)
        open.onsuccess = () => resolve(open.result)
        open.onerror = () => reject(open.error)
      })
      for (const store of Array.from(db.objectStoreNames)) {
        const keys = await new Promise<IDBValidKey[]>((resolve) => {
          const all = db.transaction(store).objectStore(store).getAllKeys()
          all.onsuccess = () => resolve(all.result)
        })
        entries.push(...keys.map(String))
      }
      db.close()
    }
    return { local: Object.keys(localStorage), entries }
  })
  expect(storage.local).toEqual([])
  expect(storage.entries).toEqual([])
  const afterLogout = await cachedUrls(page)
  expect(afterLogout.media ?? []).toEqual([])
  server.start()
  await waitUntilReady(base)
  const next = await signUp(api, 'nextuser')
  await page.locator('.desktop-nav').getByRole('link', { name: 'Log in', exact: true }).click()
  const login = page.getByRole('dialog')
  await login.getByLabel('Username').fill(next.username)
  await login.getByLabel('Password').fill(password)
  await login.getByRole('button', { name: 'Log in' }).click()
  await expect(page).toHaveURL(/\/dashboard\/deal$/)
  await expect(page.locator('main')).toContainText('Available missions')
  await expect(page.locator('body')).not.toContainText(streamer.username)
  // A new account has no deal in progress: no list at all, where the first user's running deal was.
  await expect(page.locator('.deal-list')).toHaveCount(0)
  await page.goto('/dashboard/deal/payment')
  await expect(page.locator('main')).not.toContainText('Ada')
})
