/**
 * An overlay runs for a whole stream: 10,000 progress pushes later, the click alert and the goal bar
 * hold no more memory than before (JS heap after a forced garbage collection, read over CDP) and
 * still show the latest state. The pushes come from a second server node through Redis Streams
 * (cluster-node.ts): 10,000 real clicks would settle in batches (far fewer pushes) and end at the
 * mission's goal, and the test alert is limited to six a minute.
 */
import { mkdtempSync } from 'node:fs'
import { join } from 'node:path'
import { type Browser, expect, type Page, test } from '@playwright/test'
import { sendFrom } from './built-server'
import { forgetPrefix, REDIS_URL, redisAnswers, secondNode, startClusterServer } from './cluster-node'

const port = Number(process.env.E2E_CLUSTER_PORT ?? 4373)
const MISSION = 'starfall-wishlist'
const EVENTS = 10_000
const WARM_UP = 2000
// A goal the pushes never reach: the deal stays in progress all along.
const GOAL = 20_000
const CHUNK = 1000
// Growth of the JS heap allowed over the 10,000 pushes, after garbage collection on both sides: both
// overlays measured 0.3-0.45 MB, the same for each (what the page's code allocates once it runs hot).
const MAX_GROWTH_BYTES = 1024 * 1024
// The alert overlay's growth beyond the goal bar's (same page, feed and socket; no alert queue). A
// queue that kept every alert instead of merging them measured 0.4 MB more after 10,000 pushes.
const MAX_ALERT_EXTRA_BYTES = 256 * 1024

let cluster: Awaited<ReturnType<typeof startClusterServer>>
const prefix = `e2e-overlays-${process.pid}-${Date.now().toString(36)}`

test.beforeAll(async () => {
  test.setTimeout(180_000)
  test.skip(
    !(await redisAnswers()),
    `no Redis at ${REDIS_URL}: start one, or set E2E_REDIS_URL, to run the overlay endurance test`,
  )
  const runDir = process.env.E2E_RUN_DIR ?? join(import.meta.dirname, '.results')
  cluster = await startClusterServer(port, mkdtempSync(join(runDir, 'cluster-')), prefix)
})

test.afterAll(async () => {
  if (!cluster) return
  await cluster.stop()
  await forgetPrefix(prefix)
})

/** A streamer with the seeded cpc mission taken, and their deal's widget token. */
async function streamerToken(from: string): Promise<string> {
  const username = `endure${Date.now().toString(36)}`
  const signup = await sendFrom(cluster.base, 'POST', '/api/oauth/signup', {
    from,
    body: { username, email: `${username}@example.test`, plainPassword: 'Streamer-password-1' },
  })
  expect(signup.status).toBe(201)
  const auth = { authorization: `Bearer ${signup.body.code as string}` }
  const path = `/api/deals/subscriptions/${MISSION}/${username}`
  expect((await sendFrom(cluster.base, 'POST', path, { from, headers: auth })).status).toBe(201)
  const deal = await sendFrom(cluster.base, 'GET', `/api/deals/user/${username}/mission/${MISSION}`, {
    from,
    headers: auth,
  })
  expect(typeof deal.body.widgetToken).toBe('string')
  return deal.body.widgetToken as string
}

/** An overlay page, its count of progress pushes received, and its JS heap after garbage collection. */
async function overlay(browser: Browser, path: string) {
  const page: Page = await browser.newPage({ viewport: { width: 800, height: 240 } })
  let pushes = 0
  page.on('websocket', (socket) =>
    socket.on('framereceived', (frame) => {
      if (typeof frame.payload === 'string' && frame.payload.includes('"widget:progress"')) pushes++
    }),
  )
  await page.goto(`${cluster.base}${path}`)
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Performance.enable')
  const heap = async () => {
    for (let round = 0; round < 3; round++) await cdp.send('HeapProfiler.collectGarbage')
    const { metrics } = await cdp.send('Performance.getMetrics')
    return metrics.find((metric) => metric.name === 'JSHeapUsedSize')?.value ?? Number.NaN
  }
  return { page, heap, pushes: () => pushes }
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MB`

test('10,000 pushes later the alert and the goal bar hold no more memory and show the latest state', async ({
  browser,
}) => {
  test.setTimeout(300_000)
  const token = await streamerToken('127.0.0.121')
  const query = `token=${token}&lang=en&theme=brand`
  const alert = await overlay(browser, `/widgets/alert?${query}&duration=2&sound=off&volume=0`)
  const goal = await overlay(browser, `/widgets/goal?${query}`)
  const node = secondNode(prefix)
  try {
    const push = (progress: number) => node.progress({ token, progress, goal: GOAL, state: 'inprogress' })
    const goalShows = (progress: number) =>
      expect(goal.page.getByTestId('goal-widget-count')).toHaveText(`${progress} / ${GOAL}`, {
        timeout: 30_000,
      })
    // Idle for good, not in the short gap between two alerts.
    const alertIdle = () =>
      expect(async () => {
        await expect(alert.page.getByTestId('click-alert')).toHaveCount(0, { timeout: 100 })
        await alert.page.waitForTimeout(600)
        await expect(alert.page.getByTestId('click-alert')).toHaveCount(0, { timeout: 100 })
      }).toPass({ timeout: 30_000 })

    // Both overlays have joined the deal's room once the first push shows on each.
    await expect(async () => {
      push(1)
      await expect(alert.page.getByTestId('click-alert-text')).toContainText(`1/${GOAL}`, { timeout: 500 })
      await expect(goal.page.getByTestId('goal-widget-count')).toHaveText(`1 / ${GOAL}`, { timeout: 500 })
    }).toPass({ timeout: 30_000 })
    // A warm-up, so that what the first pushes allocate once (compiled code, caches) is in both readings.
    for (let progress = 2; progress <= WARM_UP; progress++) push(progress)
    await goalShows(WARM_UP)
    await alertIdle()
    const before = { alert: await alert.heap(), goal: await goal.heap() }
    const received = { alert: alert.pushes(), goal: goal.pushes() }

    const last = WARM_UP + EVENTS
    for (let start = WARM_UP + 1; start <= last; start += CHUNK) {
      const end = Math.min(last, start + CHUNK - 1)
      for (let progress = start; progress <= end; progress++) push(progress)
      // Paced by what the server delivers: the Redis stream never outgrows its trimmed length.
      await goalShows(end)
    }
    await expect.poll(() => alert.pushes() - received.alert, { timeout: 30_000 }).toBe(EVENTS)
    expect(goal.pushes() - received.goal).toBe(EVENTS)
    // Right after the burst: whatever alerts still wait are in the heap.
    const burst = { alert: await alert.heap(), goal: await goal.heap() }
    console.log(
      `JS heap after GC, right after the burst: alert ${mb(before.alert)} -> ${mb(burst.alert)}, ` +
        `goal ${mb(before.goal)} -> ${mb(burst.goal)}`,
    )
    expect(burst.alert - before.alert).toBeLessThan(MAX_GROWTH_BYTES)
    expect(burst.alert - before.alert - (burst.goal - before.goal)).toBeLessThan(MAX_ALERT_EXTRA_BYTES)
    // The alert catches up with the stream within a few alerts: the last one shows the latest progress.
    await expect(alert.page.getByTestId('click-alert-text')).toContainText(`${last}/${GOAL}`, {
      timeout: 15_000,
    })
    await alertIdle()
    const after = { alert: await alert.heap(), goal: await goal.heap() }
    console.log(
      `JS heap after GC, ${EVENTS} pushes: alert ${mb(before.alert)} -> ${mb(burst.alert)} (burst) -> ${mb(after.alert)}; ` +
        `goal ${mb(before.goal)} -> ${mb(after.goal)}`,
    )
    expect(after.alert - before.alert).toBeLessThan(MAX_GROWTH_BYTES)
    expect(after.goal - before.goal).toBeLessThan(MAX_GROWTH_BYTES)
    await goalShows(last)
  } finally {
    await node.close()
    await alert.page.close()
    await goal.page.close()
  }
})
