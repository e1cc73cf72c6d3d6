/**
 * Background Sync in Chromium: a mission taken while the server is away is
 * handed to the service worker; the page is closed; the server returns and the worker's `sync`
 * event (dispatched through CDP, as the browser would on reconnecting) sends it: the deal exists
 * once. Then the app opens again and its own `online` path sends the same queued action: the server
 * replays the first answer instead of acting twice. Last, with no window of the app open, the
 * worker's periodic refresh brings a deal taken elsewhere into the cache the app opens on.
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
  base,
  OfflineServer,
  persisted,
  running,
  signUp,
  takenOffline,
} from './offline-support'
import { storeSession } from './stored-session'

test.setTimeout(240_000)

let dataDir: string
let server: OfflineServer
let api: APIRequestContext
let streamer: Account
let profileDir: string
let context: BrowserContext

test.beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'streamdeals-bgsync-'))
  server = new OfflineServer(dataDir)
  server.start()
  await waitUntilReady(base)
  api = await playwrightRequest.newContext({ baseURL: base })
  streamer = await signUp(api, 'bgsync')
  profileDir = mkdtempSync(join(tmpdir(), 'streamdeals-bgsync-profile-'))
  context = await chromium.launchPersistentContext(profileDir, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    baseURL: base,
    args: chromiumArgs,
  })
  await storeSession(context, streamer.token, streamer.user)
})

test.afterAll(async () => {
  await context?.close()
  await api?.dispose()
  if (profileDir) rmSync(profileDir, { recursive: true, force: true })
  await server?.stop()
  if (dataDir) rmSync(dataDir, { recursive: true, force: true })
})

/** The worker's queue of actions (sw/sync-store.ts), read from the page. */
function workerQueue(page: Page): Promise<{ key: string; url: string }[]> {
  return page.evaluate(
    () =>
      new Promise((resolve) => {
        const open = indexedDB.open('streamdeals-sync-queue')
        open.onupgradeneeded = () => open.result.createObjectStore('requests')
        open.onsuccess = () => {
          const all = open.result.transaction('requests').objectStore('requests').getAll()
          all.onsuccess = () => resolve(all.result)
          all.onerror = () => resolve([])
        }
        open.onerror = () => resolve([])
      }),
  )
}

/** The mission codes of the deal lists in the app's persisted query cache (lib/persister.ts). */
async function persistedDealCodes(page: Page): Promise<string[]> {
  if (page.url() === 'about:blank') await page.goto('/readyz')
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve) => {
        const open = indexedDB.open('keyval-store')
        open.onupgradeneeded = () => open.result.createObjectStore('keyval')
        open.onsuccess = () => {
          const all = open.result.transaction('keyval').objectStore('keyval').getAll()
          all.onsuccess = () => {
            const codes: string[] = []
            for (const value of all.result) {
              if (typeof value !== 'string' || !value.includes('clientState')) continue
              for (const query of JSON.parse(value).clientState.queries) {
                if (query.queryKey[0] !== 'deals' || query.queryKey[3] !== 'list') continue
                for (const deal of query.state.data?.items ?? []) codes.push(deal.mission.code)
              }
            }
            resolve(codes)
          }
          all.onerror = () => resolve([])
        }
        open.onerror = () => resolve([])
      }),
  )
}

async function dealsOnMission(code: string): Promise<number> {
  const answer = await api.get(`/api/deals/user/${streamer.username}/missions?state=inprogress`, {
    headers: streamer.auth,
  })
  const body = (await answer.json()) as { items: { mission: { code: string } }[] }
  return body.items.filter((deal) => deal.mission.code === code).length
}

test('an action queued offline is sent by the worker after the page closed, once; the page’s copy is replayed', async () => {
  const page = context.pages()[0] ?? (await context.newPage())
  await page.goto('/dashboard/deal')
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 30_000,
  })
  expect(await page.evaluate(() => 'SyncManager' in window)).toBe(true)

  // The server goes away; the streamer takes a mission: it waits in the page's queue and the worker's.
  await server.stop()
  await page.getByRole('button', { name: `Take the mission ${takenOffline.title}` }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Yes, take it' }).click()
  await expect(page.getByTestId('offline-status')).toContainText(`Take the mission “${takenOffline.title}”`)
  await persisted(page, takenOffline.code)
  await expect.poll(async () => (await workerQueue(page)).length, { timeout: 15_000 }).toBe(1)
  const [queued] = await workerQueue(page)
  expect(queued?.url).toContain(`/api/deals/subscriptions/${takenOffline.code}/${streamer.username}`)

  // The app is closed: only a blank tab remains, to reach the worker through the DevTools protocol.
  const blank = await context.newPage()
  await page.close()
  const cdp = await context.newCDPSession(blank)
  const registration = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((entry) => entry.scopeURL.startsWith(base) && !entry.isDeleted)
      if (ours) resolve(ours.registrationId)
    })
  })
  await cdp.send('ServiceWorker.enable')
  const registrationId = await registration

  // The network returns; the browser's `sync` event: the worker sends the queue.
  server.start()
  await waitUntilReady(base)
  // No window of the app is open: nothing but the worker can send it now.
  expect(await dealsOnMission(takenOffline.code)).toBe(0)
  await cdp.send('ServiceWorker.dispatchSyncEvent', {
    origin: base,
    registrationId,
    tag: 'streamdeals-queued-actions',
    lastChance: false,
  })
  await expect.poll(() => dealsOnMission(takenOffline.code), { timeout: 15_000 }).toBe(1)
  // A page of the origin that is not the app (the worker lets /readyz through), to read IndexedDB.
  await blank.goto('/readyz')
  await expect.poll(async () => (await workerQueue(blank)).length, { timeout: 10_000 }).toBe(0)

  // The app opens again, online: its own paused copy of the action is sent, with the same key.
  const replays: { status: number; replayed: string | undefined }[] = []
  const reopened = await context.newPage()
  reopened.on('response', (response) => {
    if (
      response.request().method() === 'POST' &&
      response.url().includes(`/subscriptions/${takenOffline.code}/`)
    ) {
      replays.push({ status: response.status(), replayed: response.headers()['idempotent-replayed'] })
    }
  })
  await reopened.goto('/dashboard/deal')
  await expect.poll(() => replays.length, { timeout: 20_000 }).toBe(1)
  expect(replays[0]).toEqual({ status: 201, replayed: 'true' })
  await expect(reopened.getByText(`Sent: Take the mission “${takenOffline.title}”`)).toBeVisible()
  await reopened.screenshot({ path: '/tmp/w-bgsync/after-replay.png' })
  expect(await dealsOnMission(takenOffline.code)).toBe(1)

  // Fresh on open: with no window of the app open, a deal taken elsewhere reaches the cache
  // the app opens on through the worker's periodic refresh (Chromium grants the real one only to an
  // installed app; the event is dispatched through CDP as the browser would).
  await reopened.close()
  const elsewhere = await api.post(`/api/deals/subscriptions/${running.code}/${streamer.username}`, {
    headers: streamer.auth,
  })
  expect(elsewhere.status()).toBe(201)
  await blank.goto('about:blank')
  expect(await persistedDealCodes(await context.newPage())).not.toContain(running.code)
  for (const other of context.pages()) if (other !== blank) await other.close()
  await cdp.send('ServiceWorker.dispatchPeriodicSyncEvent', {
    origin: base,
    registrationId,
    tag: 'refresh-deals',
  })
  const reader = await context.newPage()
  await expect.poll(() => persistedDealCodes(reader), { timeout: 15_000 }).toContain(running.code)
})
