/**
 * The go-live kit on a deal's tools page, on a desktop and a phone: one tap copies
 * the tracked link, the chat bot lines and the disclosure; the QR code on screen and the PNG download
 * decode to the tracked link; the share sheet shows only where the browser has one; the manifest
 * offers the Deals and Wallet shortcuts.
 */
import { mkdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import AxeBuilder from '@axe-core/playwright'
import { type Browser, type BrowserContext, expect, test } from '@playwright/test'
import jsQR from 'jsqr'
import { sendFrom } from './built-server'
import { pixelsOf } from './png-pixels'
import { storeSession } from './stored-session'

const base = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 4310)}`
const MISSION = 'starfall-wishlist'
const screenshots = join(import.meta.dirname, 'artifacts')

async function streamerWithDeal(
  browser: Browser,
  viewport: { width: number; height: number },
  locale = 'en',
) {
  const username = `live${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`
  const signup = await sendFrom(base, 'POST', '/api/oauth/signup', {
    from: '127.0.0.41',
    body: { username, email: `${username}@example.test`, plainPassword: 'Streamer-password-1' },
  })
  expect(signup.status).toBe(201)
  const { code: token, user } = signup.body
  const taken = await sendFrom(base, 'POST', `/api/deals/subscriptions/${MISSION}/${username}`, {
    from: '127.0.0.41',
    headers: { authorization: `Bearer ${token as string}` },
  })
  expect(taken.status).toBe(201)
  const context = await browser.newContext({
    viewport,
    permissions: ['clipboard-read', 'clipboard-write'],
    acceptDownloads: true,
  })
  await context.addCookies([{ name: 'i18n_cookie', value: locale, url: base }])
  await storeSession(context, token as string, user)
  return { username, context }
}

/** Decodes a PNG with jsQR, from the pixels the browser decoded. */
async function decodeQr(context: BrowserContext, png: Buffer): Promise<string | null> {
  const image = await pixelsOf(context.browser() as Browser, png)
  return jsQR(image.data, image.width, image.height)?.data ?? null
}

test('desktop: the kit is copied in one tap and the QR code decodes to the tracked link', async ({
  browser,
}) => {
  const { username, context } = await streamerWithDeal(browser, { width: 1280, height: 800 })
  const page = await context.newPage()
  await page.goto(`/dashboard/deal/inprogress/${MISSION}/tools`)
  const trackedLink = await page.getByTestId('tracked-link').inputValue()
  expect(trackedLink).toBe(`${base}/redir/cpc/${MISSION}/${username}`)

  const kit = page.getByTestId('go-live-kit')
  await expect(kit.getByRole('heading', { name: 'Go-live kit' })).toBeVisible()
  await kit.getByRole('button', { name: 'Copy the go-live kit' }).click()
  await expect(page.getByTestId('go-live-kit-status')).toHaveText(
    'Copied: your tracked link, the !starfall-wishlist command for Nightbot and StreamElements, and the #ad disclosure.',
  )
  await expect(page.getByText('Go-live kit copied')).toBeVisible()
  const message = `#ad Wishlist the Starfall expansion: ${trackedLink}`
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
    [
      `Tracked link: ${trackedLink}`,
      'Disclosure: #ad',
      'Chat command: !starfall-wishlist',
      `Chat message: ${message}`,
      `Nightbot: !addcom !starfall-wishlist ${message}`,
      `StreamElements: !command add !starfall-wishlist ${message}`,
    ].join('\n'),
  )
  await kit.getByRole('button', { name: 'Copy: Add it with Nightbot' }).click()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
    `!addcom !starfall-wishlist ${message}`,
  )

  // The QR code on screen, as a phone camera would see it.
  const qr = kit.getByRole('img', { name: 'QR code of your tracked link' })
  await expect(qr).toBeVisible()
  const box = await qr.boundingBox()
  expect(box?.width).toBeGreaterThanOrEqual(200)
  expect(await decodeQr(context, await qr.screenshot())).toBe(trackedLink)

  // The PNG for an overlay: large, and the same link.
  const [png] = await Promise.all([
    page.waitForEvent('download'),
    kit.getByRole('button', { name: 'Download PNG' }).click(),
  ])
  expect(png.suggestedFilename()).toBe(`streamdeals-${MISSION}-qr.png`)
  const pngBytes = readFileSync(await png.path())
  expect(pngBytes.readUInt32BE(16)).toBeGreaterThanOrEqual(900)
  expect(await decodeQr(context, pngBytes)).toBe(trackedLink)
  const [svg] = await Promise.all([
    page.waitForEvent('download'),
    kit.getByRole('button', { name: 'Download SVG' }).click(),
  ])
  expect(svg.suggestedFilename()).toBe(`streamdeals-${MISSION}-qr.svg`)
  expect(readFileSync(await svg.path(), 'utf8')).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/)

  // WCAG 2.1 AA inside the kit (contrast on its card, names of the fields and buttons).
  const axe = await new AxeBuilder({ page })
    .include('[data-testid="go-live-kit"]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze()
  expect(axe.violations.map((violation) => violation.id)).toEqual([])

  // Desktop Chromium on Linux has no share sheet: no button that would do nothing.
  if (!(await page.evaluate(() => typeof navigator.share === 'function'))) {
    await expect(kit.getByRole('button', { name: 'Share…' })).toHaveCount(0)
  }
  mkdirSync(screenshots, { recursive: true })
  await page.screenshot({ path: join(screenshots, 'go-live-kit-1280.png'), fullPage: true })
  await context.close()
})

test('phone, in French: #sponsorisé in the kit, and the share sheet opens with the tracked link', async ({
  browser,
}) => {
  const { context } = await streamerWithDeal(browser, { width: 390, height: 844 }, 'fr')
  // A phone's share sheet, recorded instead of shown.
  await context.addInitScript(() => {
    const shared: ShareData[] = []
    Object.assign(window, { sharedData: shared })
    Object.defineProperty(navigator, 'share', {
      value: async (data: ShareData) => {
        shared.push(data)
      },
    })
  })
  const page = await context.newPage()
  await page.goto(`/dashboard/deal/inprogress/${MISSION}/tools`)
  const trackedLink = await page.getByTestId('tracked-link').inputValue()
  const kit = page.getByTestId('go-live-kit')
  await kit.getByRole('button', { name: 'Copier le kit de live' }).click()
  await expect(page.getByTestId('go-live-kit-status')).toContainText('la mention #sponsorisé')
  const copied = await page.evaluate(() => navigator.clipboard.readText())
  expect(copied).toContain(`Lien suivi\u202f: ${trackedLink}`)
  expect(copied).toContain(
    `Message du chat\u202f: #sponsorisé Ajoutez l’extension Starfall à votre liste de souhaits\u202f: ${trackedLink}`,
  )

  await kit.getByRole('button', { name: 'Partager…' }).click()
  expect(await page.evaluate(() => (window as unknown as { sharedData: ShareData[] }).sharedData)).toEqual([
    {
      title: 'Ajoutez l’extension Starfall à votre liste de souhaits',
      text: '#sponsorisé Ajoutez l’extension Starfall à votre liste de souhaits',
      url: trackedLink,
    },
  ])

  // The QR code fits the phone's width and still reads.
  const qr = kit.getByRole('img', { name: 'QR code de votre lien suivi' })
  await qr.scrollIntoViewIfNeeded()
  const box = await qr.boundingBox()
  expect(box?.width).toBeGreaterThanOrEqual(200)
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390)
  expect(await decodeQr(context, await qr.screenshot())).toBe(trackedLink)
  // Nothing wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  mkdirSync(screenshots, { recursive: true })
  await page.screenshot({ path: join(screenshots, 'go-live-kit-390.png'), fullPage: true })
  await kit.screenshot({ path: join(screenshots, 'go-live-kit-390-kit.png') })
  await context.close()
})

test('the manifest offers the Deals and Wallet shortcuts, with their icons', async ({ request }) => {
  const manifest = await (await request.get('/manifest.webmanifest')).json()
  expect(
    manifest.shortcuts.map((shortcut: { name: string; url: string }) => [shortcut.name, shortcut.url]),
  ).toEqual([
    ['Deals', '/dashboard/deal'],
    ['Wallet', '/dashboard/deal/payment'],
  ])
  for (const shortcut of manifest.shortcuts as { icons: { src: string; sizes: string }[] }[]) {
    expect(shortcut.icons[0]?.sizes).toBe('96x96')
    const icon = await request.get(shortcut.icons[0]?.src ?? '')
    expect(icon.status()).toBe(200)
    expect(icon.headers()['content-type']).toBe('image/png')
  }
})
