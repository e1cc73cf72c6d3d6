/**
 * What the offline end-to-end tests share: a server of their own that they can stop and start again
 * on the same data (the worker's own fetches then fail too, unlike `setOffline`), accounts, and the
 * in-page stamps that time what a user sees.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { join } from 'node:path'
import { type APIRequestContext, expect, type Page } from '@playwright/test'
import { sendFrom, stopServer } from './built-server'

const port = Number(process.env.E2E_OFFLINE_PORT ?? 4371)
export const base = `http://127.0.0.1:${port}`
const dist = process.env.E2E_DIST ?? 'dist'
export const password = 'Offline-password-1'
// Seeded missions (src/server/db/seed-missions.ts): two taken up front, one taken offline.
export const running = { code: 'starfall-launch', title: 'Play Starfall Odyssey live' }
export const fixed = { code: 'starfall-creator-pack', title: 'Starfall creator pack' }
export const takenOffline = { code: 'starfall-wishlist', title: 'Wishlist the Starfall expansion' }
const VIEWER_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36'

/** The app server of these tests, on its own port and data directory. */
export class OfflineServer {
  private process: ChildProcess | null = null

  constructor(private readonly dataDir: string) {}

  start(): void {
    const env = { ...process.env }
    delete env.DATABASE_URL
    delete env.REDIS_URL
    this.process = spawn(process.execPath, [join(dist, 'server', 'index.js')], {
      env: {
        ...env,
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: base,
        DATA_DIR: this.dataDir,
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

  async stop(): Promise<void> {
    const running = this.process
    this.process = null
    await stopServer(running)
  }
}

export interface Account {
  username: string
  token: string
  user: unknown
  auth: { authorization: string }
}

export async function signUp(api: APIRequestContext, prefix: string): Promise<Account> {
  const username = `${prefix}${Date.now().toString(36)}`
  const response = await api.post('/api/oauth/signup', {
    data: { username, email: `${username}@example.test`, plainPassword: password },
  })
  expect(response.status()).toBe(201)
  const body = await response.json()
  return { username, token: body.code, user: body.user, auth: { authorization: `Bearer ${body.code}` } }
}

export async function adminAuth(api: APIRequestContext): Promise<{ authorization: string }> {
  const response = await api.post('/api/oauth/signin', {
    data: { username: 'admin', plainPassword: 'Admin-password-1' },
  })
  expect(response.status()).toBe(200)
  return { authorization: `Bearer ${(await response.json()).code}` }
}

export const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN
export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN
}

/**
 * Reloads and returns the page's own time (ms since navigation start) at which the dashboard's
 * in-progress list first showed the running deal, stamped by a MutationObserver from an init script.
 */
export async function timedReload(page: Page): Promise<number> {
  await page.reload({ waitUntil: 'commit' })
  await expect(page.getByText(running.title).first()).toBeVisible()
  return page.evaluate(() => (window as unknown as { __dashboardAt: number }).__dashboardAt)
}

export function stampDashboard(title: string): void {
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
export async function persisted(page: Page, text: string): Promise<void> {
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
export function cachedUrls(page: Page): Promise<Record<string, string[]>> {
  return page.evaluate(async () => {
    const result: Record<string, string[]> = {}
    for (const name of await caches.keys()) {
      const cache = await caches.open(name)
      result[name] = (await cache.keys()).map((request) => new URL(request.url).pathname)
    }
    return result
  })
}

/**
 * Watches an element's text from inside the page and resolves with the wall-clock time (the
 * runner's clock too) at which it first includes, or shows something other than, `text`; `armed`
 * resolves once it watches.
 */
export function stampChange(
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

export async function dealCodeOf(
  api: APIRequestContext,
  account: Account,
  missionCode: string,
): Promise<string> {
  const deal = await (
    await api.get(`/api/deals/user/${account.username}/mission/${missionCode}`, { headers: account.auth })
  ).json()
  return deal.code
}

/**
 * Times each socket message to the DOM change it causes, inside the page: a WebSocket listener
 * stamps `deal:event` messages, a MutationObserver stamps the events list growing.
 */
export async function measureEventToUi(page: Page, account: Account): Promise<number[]> {
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
    // Each viewer from an address of its own (the loopback range is all ours): a click's identity is
    // its address, so 60 clicks from one address would be one viewer.
    const sent = await sendFrom(
      base,
      'POST',
      `/api/deals/subscriptions/check/${running.code}/${account.username}`,
      {
        from: `127.0.0.${10 + click}`,
        headers: { 'user-agent': VIEWER_UA },
        body: { kind: 'cpc' },
      },
    )
    expect(sent.status).toBeLessThan(300)
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
