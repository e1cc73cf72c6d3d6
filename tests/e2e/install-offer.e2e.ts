/**
 * The "Install the app" offer comes after load (the browser decides when): its arrival must move
 * nothing in the header, on a desktop and on a phone.
 */
import { randomBytes } from 'node:crypto'
import { expect, type Page, test } from '@playwright/test'
import { sendFrom } from './built-server'
import { storeSession } from './stored-session'

const port = Number(process.env.E2E_PORT ?? 4310)
const base = `http://127.0.0.1:${port}`

async function signedInStreamer(page: Page): Promise<void> {
  const username = `install_${randomBytes(3).toString('hex')}`
  const signup = await sendFrom(base, 'POST', '/api/oauth/signup', {
    from: '127.0.0.61',
    body: { username, email: `${username}@example.test`, plainPassword: 'Streamer-pass-1' },
  })
  expect(signup.status).toBe(201)
  await storeSession(page, signup.body.code as string, signup.body.user)
}

/** Offers the install as Chromium does, and sums the layout shifts that follow it. */
async function offerInstall(page: Page): Promise<number> {
  return page.evaluate(async () => {
    let shift = 0
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number }>)
        shift += entry.value
    })
    observer.observe({ type: 'layout-shift' })
    const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: () => Promise.resolve(),
      userChoice: Promise.resolve({ outcome: 'dismissed' }),
    })
    window.dispatchEvent(offer)
    await new Promise((resolve) => setTimeout(resolve, 500))
    observer.disconnect()
    return shift
  })
}

/** Where every visible link and menu toggle of the header is, with the header itself. */
async function headerLayout(page: Page) {
  return page.locator('.site-header').evaluate((header) => {
    const box = (element: Element) => {
      const { x, y, width, height } = element.getBoundingClientRect()
      return { x, y, width, height }
    }
    const controls = [...header.querySelectorAll('a, summary, nav button')]
      .filter((element) => element.getClientRects().length > 0)
      .map((element) => ({
        name: element.textContent?.trim() || element.getAttribute('aria-label'),
        ...box(element),
      }))
    return { header: box(header), controls }
  })
}

// The desktop width, the phone widths (390 px, and Lighthouse's mobile profile, 412 px), and a laptop
// width where the signed-in menus and the offer share the line; French has the longest labels.
const cases = [
  { width: 1280, height: 800, locale: 'en' },
  { width: 1100, height: 800, locale: 'fr' },
  { width: 412, height: 823, locale: 'en' },
  { width: 390, height: 844, locale: 'fr' },
]

for (const { width, height, locale } of cases) {
  test(`the install offer moves nothing in the header at ${width} px (${locale})`, async ({ page }) => {
    await page.setViewportSize({ width, height })
    await page.context().addCookies([{ name: 'i18n_cookie', value: locale, url: base }])
    await signedInStreamer(page)
    await page.goto('/dashboard/deal')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    // The signed-in menus fill in after the first paint: measured once they are there.
    await expect(page.locator('.site-header')).not.toHaveAttribute('aria-busy', 'true')
    const before = await headerLayout(page)
    const shift = await offerInstall(page)
    if (width > 1024 || width <= 768) {
      const label = locale === 'fr' ? 'Installer l’application' : 'Install the app'
      await expect(page.getByRole('button', { name: label })).toBeVisible()
    }
    expect(shift).toBe(0)
    // Where things are, not what they read: the avatar's initials may fill in meanwhile, in place.
    const boxes = ({ header, controls }: Awaited<ReturnType<typeof headerLayout>>) => ({
      header,
      controls: controls.map(({ name: _name, ...box }) => box),
    })
    expect(boxes(await headerLayout(page))).toEqual(boxes(before))
  })
}

test.describe('the signed-in dashboard', () => {
  // The API's answers are held back below: a service worker would answer around the routes.
  test.use({ serviceWorkers: 'block' })

  test('content arriving after the first paint shifts nothing (CLS 0 on the dashboard)', async ({ page }) => {
    await page.setViewportSize({ width: 412, height: 823 })
    await signedInStreamer(page)
    await page.addInitScript(() => {
      const shifts: number[] = []
      Object.assign(window, { layoutShifts: shifts })
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number }>)
          shifts.push(entry.value)
      }).observe({ type: 'layout-shift', buffered: true })
    })
    // A slow API (a busy server, a phone's network): the page paints before its data arrives.
    await page.route('**/api/**', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500))
      await route.continue()
    })
    await page.goto('/dashboard/deal')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 20_000 })
    await expect(page.locator('.mission-grid > li').first()).toBeVisible({ timeout: 20_000 })
    await page.waitForTimeout(1000)
    const shifts = await page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts)
    expect(shifts.reduce((sum, value) => sum + value, 0)).toBe(0)
  })
})
