/**
 * OBS puts every frame of a browser source on stream, the first ones included: an overlay page must be
 * transparent before its scripts have run, not only once React has mounted it. Checked on the page as
 * the server sends it (scripts off), and on the frame painted while the scripts are still held back.
 */
import { expect, type Page, type Route, test } from '@playwright/test'
import { pixelsOf } from './png-pixels'

// Any well-formed token: what is checked happens before the overlay asks the server about it.
const OVERLAY = '/widgets/alert?token=first-frame-token-0000000000&lang=en&theme=brand'
const TRANSPARENT = 'rgba(0, 0, 0, 0)'

const backgrounds = (page: Page) =>
  page.evaluate(() => ({
    html: getComputedStyle(document.documentElement).backgroundColor,
    body: getComputedStyle(document.body).backgroundColor,
  }))

test('an overlay page is transparent as the server sends it, before any script runs', async ({ browser }) => {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 800, height: 240 },
  })
  const page = await context.newPage()
  await page.goto(OVERLAY)
  // The site's own stylesheet is in (its dark background would show here), and still nothing is painted.
  expect(await page.evaluate(() => document.styleSheets.length)).toBeGreaterThan(0)
  expect(await backgrounds(page)).toEqual({ html: TRANSPARENT, body: TRANSPARENT })
  // Every other page keeps the site's background.
  await page.goto('/dashboard')
  expect((await backgrounds(page)).html).not.toBe(TRANSPARENT)
  await context.close()
})

test('the frame painted while the overlay scripts load is fully transparent', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 800, height: 240 } })
  const page = await context.newPage()
  // The scripts wait until the first frame has been captured (a slow network, a cold OBS start).
  const held: Route[] = []
  let release: () => void = () => undefined
  const released = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route(/\.js(\?|$)/, async (route) => {
    held.push(route)
    await released
    await route.continue()
  })
  // Module scripts hold back DOMContentLoaded: the page is only committed, then its stylesheet awaited.
  await page.goto(OVERLAY, { waitUntil: 'commit' })
  await expect.poll(() => held.length).toBeGreaterThan(0)
  await expect
    .poll(() => page.evaluate(() => [...document.styleSheets].filter((sheet) => sheet.href).length))
    .toBeGreaterThan(0)
  // Two animation frames: the styled page has been painted at least once.
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  )
  expect(await page.evaluate(() => document.querySelector('[data-overlay], .overlay-loading'))).toBeNull()
  const png = await page.screenshot({ omitBackground: true })
  const image = await pixelsOf(browser, png)
  let opaque = 0
  for (let index = 3; index < image.data.length; index += 4) if (image.data[index] !== 0) opaque++
  expect(opaque, 'pixels painted before the overlay scripts ran').toBe(0)
  release()
  await context.close()
})
