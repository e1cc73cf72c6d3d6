import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  type APIRequestContext,
  chromium,
  expect,
  type Page,
  request as playwrightRequest,
  test,
} from '@playwright/test'

/**
 * Offline and live (issue 6), against a server this file starts itself on its own port and data
 * directory, so it can stop it (the worker's own fetches then fail too, unlike `setOffline`) and
 * start it again on the same data.
 */
import { chromiumArgs, stopServer, waitUntilReady } from './built-server'

const port = Number(process.env.E2E_OFFLINE_PORT ?? 4371)
const base = `http://127.0.0.1:${port}`
const dist = process.env.E2E_DIST ?? 'dist'
const password = 'Offline-password-1'
// Seeded missions (src/server/db/seed-missions.ts): two taken up front, one taken offline.
const running = { code: 'starfall-launch', title: 'Play Starfall Odyssey live' }
const fixed = { code: 'starfall-creator-pack', title: 'Starfall creator pack' }
const takenOffline = { code: 'starfall-wishlist', title: 'Wishlist the Starfall expansion' }
const VIEWER_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36'

test.use({ baseURL: base })
test.setTimeout(300_000)

let dataDir: string
let server: ChildProcess | null = null

function startServer(): ChildProcess {
  const env = { ...process.env }
  delete env.DATABASE_URL
  delete env.REDIS_URL
  return spawn(process.execPath, [join(dist, 'server', 'index.js')], {
    env: {
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      CLIENT_DIR: join(dist, 'client'),
      SEED_DEMO: '1',
      ADMIN_USERNAME: 'admin',
      ADMIN_EMAIL: 'admin@streamdeals.test',
      ADMIN_PASSWORD: 'Admin-password-1',
      LOG_LEVEL: process.env.E2E_OFFLINE_LOG_LEVEL ?? 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
}

async function stopCurrentServer(): Promise<void> {
  const running = server
  server = null
  await stopServer(running)
}

test.beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'streamdeals-offline-'))
  server = startServer()
  await waitUntilReady(base)
})

test.afterAll(async () => {
  await stopCurrentServer()
  rmSync(dataDir, { recursive: true, force: true })
})

interface Account {
  username: string
  token: string
  user: unknown
  auth: { authorization: string }
}

async function signUp(api: APIRequestContext, prefix: string): Promise<Account> {
  const username = `${prefix}${Date.now().toString(36)}`
  const response = await api.post('/api/oauth/signup', {
    data: { username, email: `${username}@example.test`, plainPassword: password },
  })
  expect(response.status()).toBe(201)
  const body = await response.json()
  return { username, token: body.code, user: body.user, auth: { authorization: `Bearer ${body.code}` } }
}

async function adminAuth(api: APIRequestContext): Promise<{ authorization: string }> {
  const response = await api.post('/api/oauth/signin', {
    data: { username: 'admin', plainPassword: 'Admin-password-1' },
  })
  expect(response.status()).toBe(200)
  return { authorization: `Bearer ${(await response.json()).code}` }
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN
}

/**
 * Reloads and returns the page's own time (ms since navigation start) at which the dashboard's
 * in-progress list first showed the running deal, stamped by a MutationObserver from an init script.
 */
async function timedReload(page: Page): Promise<number> {
  await page.reload({ waitUntil: 'commit' })
  await expect(page.getByText(running.title).first()).toBeVisible()
  return page.evaluate(() => (window as unknown as { __dashboardAt: number }).__dashboardAt)
}

function stampDashboard(title: string): void {
  const observer = new MutationObserver(() => {
    const list = document.querySelector('.deal-list')
    if (list?.textContent?.includes(title)) {
      Object.assign(window, { __dashboardAt: Math.round(performance.now()) })
      observer.disconnect()
    }
  })
  document.addEventListener('DOMContentLoaded', () =>
    observer.observe(document.body, { childList: true, subtree: true }),
  )
}

/** Resolves once the user's persisted cache in IndexedDB mentions `text` (a queued change). */
async function persisted(page: Page, text: string): Promise<void> {
  await page.waitForFunction(
    (wanted) =>
      new Promise<boolean>((resolve) => {
        const open = indexedDB.open('keyval-store')
        open.onsuccess = () => {
          const all = open.result.transaction('keyval').objectStore('keyval').getAll()
          all.onsuccess = () => resolve(all.result.some((value) => String(value).includes(wanted)))
          all.onerror = () => resolve(false)
        }
        open.onerror = () => resolve(false)
      }),
    text,
  )
}

/** What CacheStorage holds, as "cache name -> URL paths". */
function cachedUrls(page: Page): Promise<Record<string, string[]>> {
  return page.evaluate(async () => {
    const result: Record<string, string[]> = {}
    for (const name of await caches.keys()) {
      const cache = await caches.open(name)
      result[name] = (await cache.keys()).map((request) => new URL(request.url).pathname)
    }
    return result
  })
}

test('the installed app works offline, queues changes, catches up live, and forgets a user at logout', async () => {
  const api = await playwrightRequest.newContext({ baseURL: base })
  const streamer = await signUp(api, 'offline')
  const admin = await adminAuth(api)
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
  const profileDir = mkdtempSync(join(tmpdir(), 'streamdeals-offline-profile-'))
  const context = await chromium.launchPersistentContext(profileDir, {
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
  const page = context.pages()[0] ?? (await context.newPage())
  await context.addInitScript(stampDashboard, running.title)

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
  const faqCode = await (async () => {
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

  // Warm online reloads, then the same offline (server stopped), 7 each.
  const online: number[] = []
  for (let run = 0; run < 7; run++) online.push(await timedReload(page))
  await stopCurrentServer()
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

  // Offline changes: take a mission and edit the profile; both wait, and survive a reload.
  await page.goto('/dashboard/deal')
  await page.getByRole('button', { name: `Take the mission ${takenOffline.title}` }).click()
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
  server = startServer()
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

  // Socket event to visible UI change, 60 tracked clicks on the events page.
  const latencies = await measureEventToUi(page, streamer, api)
  console.log(
    `[offline] socket event to UI over ${latencies.length} events: p50 ${percentile(latencies, 50).toFixed(1)} ms, ` +
      `p95 ${percentile(latencies, 95).toFixed(1)} ms`,
  )

  // Log out while offline; the next user sees nothing of the first one.
  await stopCurrentServer()
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
  server = startServer()
  await waitUntilReady(base)
  const next = await signUp(api, 'nextuser')
  await page.locator('.desktop-nav').getByRole('button', { name: 'Log in', exact: true }).click()
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
  await context.close()
  await api.dispose()
  rmSync(profileDir, { recursive: true, force: true })
})

/**
 * Watches an element's text from inside the page and resolves with the wall-clock time (the
 * runner's clock too) at which it first includes, or shows something other than, `text`; `armed`
 * resolves once it watches.
 */
function stampChange(
  page: Page,
  selector: string,
  how: 'includes' | 'differs',
  text: string,
): { armed: Promise<void>; at: Promise<number> } {
  const key = `__stamp${Math.random().toString(36).slice(2)}`
  const armed = page.evaluate(
    ([key, selector, how, text]) => {
      const state: { at: number | null } = { at: null }
      Object.assign(window, { [key]: state })
      const check = () => {
        if (state.at !== null) return
        const shown = document.querySelector(selector)?.textContent ?? ''
        if (how === 'includes' ? shown.includes(text) : shown !== '' && shown !== text) {
          state.at = Date.now()
          observer.disconnect()
        }
      }
      const observer = new MutationObserver(check)
      observer.observe(document.body, { childList: true, subtree: true, characterData: true })
      check()
    },
    [key, selector, how, text] as const,
  )
  const at = armed.then(async () => {
    const handle = await page.waitForFunction(
      (key) => (window as unknown as Record<string, { at: number | null }>)[key]?.at ?? null,
      key,
      { timeout: 5_000 },
    )
    return (await handle.jsonValue()) as number
  })
  return { armed, at }
}

async function dealCodeOf(api: APIRequestContext, account: Account, missionCode: string): Promise<string> {
  const deal = await (
    await api.get(`/api/deals/user/${account.username}/mission/${missionCode}`, { headers: account.auth })
  ).json()
  return deal.code
}

/**
 * Times each socket message to the DOM change it causes, inside the page: a WebSocket listener
 * stamps `deal:event` messages, a MutationObserver stamps the events list growing.
 */
async function measureEventToUi(page: Page, account: Account, api: APIRequestContext): Promise<number[]> {
  await page.addInitScript(() => {
    const stamps = { message: [] as number[], dom: [] as number[] }
    Object.assign(window, { __stamps: stamps })
    const Native = window.WebSocket
    window.WebSocket = class extends Native {
      constructor(...args: ConstructorParameters<typeof WebSocket>) {
        super(...args)
        this.addEventListener('message', (event) => {
          if (typeof event.data === 'string' && event.data.includes('"deal:event"'))
            stamps.message.push(performance.now())
        })
      }
    }
  })
  await page.goto(`/dashboard/deal/inprogress/${running.code}/events`)
  const list = page.getByTestId('deal-events')
  await list.waitFor()
  await page.evaluate(() => {
    const stamps = (window as unknown as { __stamps: { dom: number[] } }).__stamps
    const target = document.querySelector('[data-testid="deal-events"]')
    if (!target) throw new Error('no events list')
    new MutationObserver(() => stamps.dom.push(performance.now())).observe(target, {
      childList: true,
      subtree: true,
    })
  })
  const latencies: number[] = []
  for (let click = 0; click < 60; click++) {
    const before = await page.evaluate(() => {
      const stamps = (window as unknown as { __stamps: { message: number[]; dom: number[] } }).__stamps
      return { message: stamps.message.length, dom: stamps.dom.length }
    })
    const response = await api.post(`/api/deals/subscriptions/check/${running.code}/${account.username}`, {
      headers: { 'user-agent': `${VIEWER_UA} viewer-${click}` },
      data: { kind: 'cpc' },
    })
    expect(response.status()).toBeLessThan(300)
    const stamp = await page.waitForFunction(
      (counts) => {
        const stamps = (window as unknown as { __stamps: { message: number[]; dom: number[] } }).__stamps
        const message = stamps.message[counts.message]
        const dom = stamps.dom.find(
          (time, index) => index >= counts.dom && message !== undefined && time >= message,
        )
        return message !== undefined && dom !== undefined ? dom - message : null
      },
      before,
      { timeout: 5_000 },
    )
    latencies.push((await stamp.jsonValue()) as number)
  }
  return latencies
}
