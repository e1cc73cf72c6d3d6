/**
 * The stream overlays as OBS shows them: each one, at 1920x1080 over a transparent page, draws only
 * its own box; the click alert shows after a valid click and not after an invalid one; an overlay URL
 * keeps its language after its owner changes theirs. Each overlay is also saved composited over a
 * game-like frame (OVERLAY_SHOTS, default tests/e2e/artifacts/overlays) for a human look.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { type Browser, expect, type Page, test } from '@playwright/test'
import jsQR from 'jsqr'
import { sendFrom } from './built-server'
import { pixelsOf } from './png-pixels'
import { storeSession } from './stored-session'

const base = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 4310)}`
const MISSION = 'starfall-wishlist'
// A viewer's ordinary desktop browser: headless Chromium announces itself and would count as a bot.
const VIEWER_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36'
const shots = process.env.OVERLAY_SHOTS ?? join(import.meta.dirname, 'artifacts', 'overlays')
const FULL_HD = { width: 1920, height: 1080 }

/** A French streamer with the seeded cpc mission taken; their session header and tools-page URLs. */
async function frenchStreamer(browser: Browser, from: string) {
  const username = `ovl${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`
  const signup = await sendFrom(base, 'POST', '/api/oauth/signup', {
    from,
    body: { username, email: `${username}@example.test`, plainPassword: 'Streamer-password-1' },
  })
  expect(signup.status).toBe(201)
  const auth = { authorization: `Bearer ${signup.body.code as string}` }
  const user = signup.body.user as { id: string }
  const french = await sendFrom(base, 'PUT', `/api/user/${username}`, {
    from,
    headers: auth,
    body: { locale: 'fr' },
  })
  expect(french.status).toBe(200)
  const taken = await sendFrom(base, 'POST', `/api/deals/subscriptions/${MISSION}/${username}`, {
    from,
    headers: auth,
  })
  expect(taken.status).toBe(201)
  // The streamer's dashboard, in French: the URLs copied from it carry `lang=fr`.
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
  await context.addCookies([{ name: 'i18n_cookie', value: 'fr', url: base }])
  await storeSession(context, signup.body.code as string, user)
  const page = await context.newPage()
  await page.goto(`/dashboard/deal/inprogress/${MISSION}/tools`)
  const urls = {
    goal: await page.getByTestId('widget-url').inputValue(),
    alert: await page.getByTestId('overlay-url-alert').inputValue(),
    cta: await page.getByTestId('overlay-url-cta').inputValue(),
    qr: await page.getByTestId('overlay-url-qr').inputValue(),
  }
  await context.close()
  return { username, auth, from, urls }
}

/** The overlay over a colourful game-like frame drawn in a canvas, as a PNG for a human to look at. */
async function composite(browser: Browser, png: Buffer, name: string) {
  const page = await browser.newPage()
  const out = await page.evaluate(async (base64) => {
    const bitmap = await createImageBitmap(await (await fetch(`data:image/png;base64,${base64}`)).blob())
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height)
    const g = canvas.getContext('2d') as OffscreenCanvasRenderingContext2D
    const sky = g.createLinearGradient(0, 0, 0, bitmap.height)
    sky.addColorStop(0, '#1e3a8a')
    sky.addColorStop(0.55, '#f97316')
    sky.addColorStop(1, '#14532d')
    g.fillStyle = sky
    g.fillRect(0, 0, bitmap.width, bitmap.height)
    for (let index = 0; index < 40; index++) {
      g.fillStyle = `hsl(${(index * 47) % 360} 80% 55%)`
      g.beginPath()
      g.arc(
        (index * 211) % bitmap.width,
        (index * 137) % bitmap.height,
        12 + ((index * 7) % 60),
        0,
        Math.PI * 2,
      )
      g.fill()
    }
    g.drawImage(bitmap, 0, 0)
    const blob = await canvas.convertToBlob({ type: 'image/png' })
    const bytes = new Uint8Array(await blob.arrayBuffer())
    let binary = ''
    for (let start = 0; start < bytes.length; start += 0x8000) {
      binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000))
    }
    return btoa(binary)
  }, png.toString('base64'))
  await page.close()
  mkdirSync(shots, { recursive: true })
  writeFileSync(join(shots, `${name}.png`), Buffer.from(out, 'base64'))
}

/** Pixels outside the overlay's own box (2 px of anti-aliasing aside) that are not fully transparent. */
async function paintedOutsideBox(browser: Browser, page: Page, png: Buffer) {
  const box = await page.locator('[data-overlay] > *').first().boundingBox()
  expect(box).not.toBeNull()
  const { x, y, width, height } = box as { x: number; y: number; width: number; height: number }
  const image = await pixelsOf(browser, png)
  let painted = 0
  for (let row = 0; row < image.height; row++) {
    for (let column = 0; column < image.width; column++) {
      const inside = column >= x - 2 && column <= x + width + 2 && row >= y - 2 && row <= y + height + 2
      if (!inside && image.data[(row * image.width + column) * 4 + 3] !== 0) painted++
    }
  }
  return { painted, box: { x, y, width, height }, image }
}

async function openOverlay(browser: Browser, url: string, viewport = FULL_HD) {
  const page = await browser.newPage({ viewport })
  await page.goto(url)
  return page
}

/**
 * The overlay as OBS shows it once loaded: its fonts in and its layout painted. A screenshot taken
 * before the caption's font arrived was compared with the box measured after (a busy machine).
 */
async function settled(page: Page) {
  await expect(page.locator('[data-overlay]')).toBeVisible()
  await page.evaluate(async () => {
    await document.fonts.ready
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
  })
}

test('every overlay draws only its own box on a transparent page, at 1920x1080', async ({ browser }) => {
  // Four full-HD pages, each screenshotted and read pixel by pixel: minutes on a busy two-core machine.
  test.setTimeout(180_000)
  const streamer = await frenchStreamer(browser, '127.0.0.91')
  for (const kind of ['goal', 'cta', 'qr', 'alert'] as const) {
    const page = await openOverlay(browser, streamer.urls[kind])
    await settled(page)
    if (kind === 'alert') {
      const sent = await sendFrom(
        base,
        'POST',
        `/api/deals/user/${streamer.username}/mission/${MISSION}/widget-test-alert`,
        {
          from: streamer.from,
          headers: streamer.auth,
        },
      )
      expect(sent.status).toBe(200)
      await expect(page.getByTestId('click-alert')).toContainText(/\+0,08\s€ · 0\/2000/)
      // Past its entrance animation.
      await page.waitForTimeout(600)
    }
    const png = await page.screenshot({ omitBackground: true })
    const { painted, box, image } = await paintedOutsideBox(browser, page, png)
    expect(painted, `${kind}: pixels painted outside its box ${JSON.stringify(box)}`).toBe(0)
    // The box itself is drawn (not an empty page); bars and alerts leave most of a 1080p scene free
    // (the QR code fills its source, which OBS users make square and small).
    expect(box.width * box.height).toBeGreaterThan(0)
    if (kind !== 'qr') expect(box.height).toBeLessThan(FULL_HD.height * 0.5)
    if (kind === 'qr') {
      const found = jsQR(image.data, image.width, image.height)
      expect(found?.data).toBe(`${base}/redir/cpc/${MISSION}/${streamer.username}`)
    }
    await composite(browser, png, `${kind}-1920x1080`)
    await page.close()
  }
  // The small sources OBS users give a bar: 600x120 still fits the goal and the call to action.
  for (const kind of ['goal', 'cta'] as const) {
    const page = await openOverlay(browser, streamer.urls[kind], { width: 600, height: 120 })
    await settled(page)
    const png = await page.screenshot({ omitBackground: true })
    expect((await paintedOutsideBox(browser, page, png)).painted).toBe(0)
    const overflow = await page.evaluate(() => ({
      scroll:
        document.documentElement.scrollHeight > innerHeight ||
        document.documentElement.scrollWidth > innerWidth,
      box: document.querySelector('[data-overlay] > *')?.getBoundingClientRect().height ?? 0,
    }))
    expect(overflow.scroll).toBe(false)
    expect(overflow.box).toBeLessThanOrEqual(120)
    await composite(browser, png, `${kind}-600x120`)
    await page.close()
  }
})

test('a valid click shows an alert, an invalid one does not', async ({ browser }) => {
  const streamer = await frenchStreamer(browser, '127.0.0.92')
  const page = await openOverlay(browser, streamer.urls.alert.replace('duration=5', 'duration=2'))
  // Live: joined the deal's room, so the click's push reaches it.
  await expect(page.locator('[data-live="true"] [data-testid="click-alert-idle"]')).toBeAttached()
  const click = () =>
    sendFrom(base, 'POST', `/api/deals/subscriptions/check/${MISSION}/${streamer.username}`, {
      from: '127.0.0.93',
      headers: { 'user-agent': VIEWER_UA },
      body: { kind: 'cpc' },
    })
  expect((await click()).status).toBe(200)
  await expect(page.getByTestId('click-alert-text')).toHaveText(/^\+0,08\s€ · 1\/2000$/)
  await expect(page.getByTestId('click-alert')).toHaveCount(0, { timeout: 5000 })
  // The same viewer again: refused as a repeat, so nothing is paid and nothing shows.
  expect((await click()).status).toBe(200)
  const deal = await sendFrom(base, 'GET', `/api/deals/user/${streamer.username}/mission/${MISSION}`, {
    from: streamer.from,
    headers: streamer.auth,
  })
  expect(deal.body.progress).toBe(1)
  await page.waitForTimeout(1500)
  await expect(page.getByTestId('click-alert')).toHaveCount(0)
  await page.close()

  // The goal bar at 1 of 2000: the fill is a round dot, not a sliver the rounded track cuts away.
  const goal = await browser.newPage({ viewport: FULL_HD })
  const sockets: { closed: boolean }[] = []
  goal.on('websocket', (socket) => {
    const seen = { closed: false }
    sockets.push(seen)
    socket.on('close', () => {
      seen.closed = true
    })
  })
  await goal.goto(streamer.urls.goal)
  await expect(goal.getByTestId('goal-widget-count')).toHaveText('1 / 2000')
  const track = await goal.locator('.goal-widget-track').boundingBox()
  const fill = await goal.locator('.goal-widget-fill').boundingBox()
  expect(fill?.width ?? 0).toBeGreaterThanOrEqual(track?.height ?? Number.POSITIVE_INFINITY)
  await composite(browser, await goal.screenshot({ omitBackground: true }), 'goal-started-1920x1080')

  // The network drops for a while and a click is paid meanwhile: back online, the bar shows it.
  await goal.context().setOffline(true)
  // The live connection is really cut (not merely idle), so what follows is a reconnection.
  await expect.poll(() => sockets.length > 0 && sockets.every((socket) => socket.closed)).toBe(true)
  expect(
    (
      await sendFrom(base, 'POST', `/api/deals/subscriptions/check/${MISSION}/${streamer.username}`, {
        from: '127.0.0.95',
        headers: { 'user-agent': VIEWER_UA },
        body: { kind: 'cpc' },
      })
    ).status,
  ).toBe(200)
  await goal.context().setOffline(false)
  await expect(goal.getByTestId('goal-widget-count')).toHaveText('2 / 2000', { timeout: 15_000 })
  expect(sockets.filter((socket) => !socket.closed)).toHaveLength(1)
  await goal.close()
})

test('an overlay keeps the language of its URL after its owner changes theirs', async ({ browser }) => {
  const streamer = await frenchStreamer(browser, '127.0.0.94')
  expect(streamer.urls.goal).toContain('lang=fr')
  // An English OBS browser.
  const obs = await browser.newContext({ locale: 'en-US', viewport: { width: 800, height: 600 } })
  const page = await obs.newPage()
  await page.goto(streamer.urls.goal)
  await expect(page.getByTestId('goal-widget')).toContainText(/0,08\s€ par clic/)
  const english = await sendFrom(base, 'PUT', `/api/user/${streamer.username}`, {
    from: streamer.from,
    headers: streamer.auth,
    body: { locale: 'en' },
  })
  expect(english.status).toBe(200)
  await page.reload()
  await expect(page.getByTestId('goal-widget')).toContainText(/0,08\s€ par clic/)
  await obs.close()
})

test('the overlay studio previews each overlay live and its test alert shows in the alert preview', async ({
  browser,
}) => {
  const username = `studio${Date.now().toString(36)}`
  const signup = await sendFrom(base, 'POST', '/api/oauth/signup', {
    from: '127.0.0.96',
    body: { username, email: `${username}@example.test`, plainPassword: 'Streamer-password-1' },
  })
  const auth = { authorization: `Bearer ${signup.body.code as string}` }
  await sendFrom(base, 'POST', `/api/deals/subscriptions/${MISSION}/${username}`, {
    from: '127.0.0.96',
    headers: auth,
  })
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
  await context.addCookies([{ name: 'i18n_cookie', value: 'en', url: base }])
  await storeSession(context, signup.body.code as string, signup.body.user as { id: string })
  const page = await context.newPage()
  await page.goto(`/dashboard/deal/inprogress/${MISSION}/tools`)
  const studio = page.getByTestId('overlay-studio')
  await studio.scrollIntoViewIfNeeded()
  // The copied URLs carry the interface's language at copy time, and follow the chosen one.
  await expect(page.getByTestId('widget-url')).toHaveValue(/lang=en/)
  await page.getByTestId('overlay-lang').selectOption('es')
  await expect(page.getByTestId('widget-url')).toHaveValue(/lang=es/)
  // Sent at once, while the previews reload in Spanish: the studio waits for the alert preview to be
  // listening, so the alert is not lost to a frame still connecting.
  await page.getByRole('button', { name: 'Send a test alert' }).click()
  const alert = page.frameLocator('[data-testid="overlay-preview-alert"]')
  await expect(alert.getByTestId('click-alert')).toContainText('Alerta de prueba')
  const goal = page.frameLocator('[data-testid="overlay-preview-goal"]')
  await expect(goal.getByTestId('goal-widget')).toContainText(/por clic/)
  mkdirSync(shots, { recursive: true })
  await studio.screenshot({ path: join(shots, 'studio.png') })
  await context.close()
})
