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

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`the install offer moves nothing in the header at ${viewport.width} px`, async ({ page }) => {
    await page.setViewportSize(viewport)
    await signedInStreamer(page)
    await page.goto('/dashboard/deal')
    await expect(page.getByRole('heading', { level: 1, name: 'Deals' })).toBeVisible()
    const header = page.locator('.site-header')
    const menu =
      viewport.width > 800
        ? page.getByRole('link', { name: 'FAQ' }).first()
        : header.locator('summary.menu-toggle')
    const before = { header: await header.boundingBox(), menu: await menu.boundingBox() }
    const shift = await offerInstall(page)
    await expect(page.getByRole('button', { name: 'Install the app' })).toBeVisible()
    expect(shift).toBe(0)
    expect({ header: await header.boundingBox(), menu: await menu.boundingBox() }).toEqual(before)
  })
}
