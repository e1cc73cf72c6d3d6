/**
 * Screenshots of every brand portal page at a desktop and a phone size, to look at after a change:
 * run with BRAND_SCREENS_DIR set to where they go (skipped otherwise). Each page must also render
 * without a horizontal scroll bar.
 */
import { expect, test } from '@playwright/test'
import { sendFrom } from './built-server'
import { storeSession } from './stored-session'

const dir = process.env.BRAND_SCREENS_DIR
const base = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 4310)}`
const sizes = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } }

test.skip(!dir, 'BRAND_SCREENS_DIR is not set')

for (const [name, size] of Object.entries(sizes)) {
  test(`brand portal pages (${name})`, async ({ browser }) => {
    test.setTimeout(180_000)
    const signin = await sendFrom(base, 'POST', '/api/oauth/signin', {
      from: '127.0.0.1',
      body: { username: 'nova-games-brand', plainPassword: 'Demo-brand-2026' },
    })
    expect(signin.status).toBe(200)
    const context = await browser.newContext({ viewport: size })
    await storeSession(context, signin.body.code as string, signin.body.user)
    const page = await context.newPage()
    const missions = await sendFrom(base, 'GET', '/api/providers/nova-games/missions', {
      from: '127.0.0.1',
      headers: { authorization: `Bearer ${signin.body.code as string}` },
    })
    const items = missions.body.items as { code: string; status: string }[]
    const published = items.find((item) => item.status === 'published')?.code
    const draft = items.find((item) => item.status === 'draft')?.code
    const shots: [string, string, (() => Promise<void>)?][] = [
      ['list', '/dashboard/provider'],
      ['brand', '/dashboard/provider/nova-games'],
      ['new-mission', '/dashboard/provider/nova-games/missions/new'],
      [
        'new-mission-errors',
        '/dashboard/provider/nova-games/missions/new',
        async () => {
          await page.getByRole('button', { name: 'Save the draft' }).click()
          await page.waitForTimeout(600)
        },
      ],
      ['overview', '/dashboard/provider/nova-games/overview'],
      ['apply', '/dashboard/provider/new'],
    ]
    if (published) shots.push(['mission-published', `/dashboard/provider/nova-games/missions/${published}`])
    if (draft) shots.push(['mission-draft', `/dashboard/provider/nova-games/missions/${draft}`])
    for (const [shot, path, act] of shots) {
      await page.goto(path)
      await page.locator('h1').first().waitFor()
      await page.waitForLoadState('networkidle')
      if (act) await act()
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
      expect(overflow, `${shot} scrolls sideways`).toBeLessThanOrEqual(0)
      await page.screenshot({ path: `${dir}/${shot}-${size.width}x${size.height}.png`, fullPage: !act })
    }
    await context.close()
  })
}
