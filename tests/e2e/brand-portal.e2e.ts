/**
 * The brand portal end to end, at a desktop and a phone width: a brand member signs in
 * through the modal, drafts a mission, an admin publishes it in the admin tab, a streamer takes it, a
 * viewer opens the tracked link, and the brand's results page (open all along) shows the click and the
 * spend without a reload.
 */
import { readFileSync } from 'node:fs'
import { type Browser, expect, type Page, test } from '@playwright/test'
import { sendFrom } from './built-server'
import { storeSession } from './stored-session'

const base = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 4310)}`
// A viewer's ordinary desktop browser: headless Chromium announces itself and would count as a bot.
const VIEWER_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36'
// The demo brand members `npm start` seeds, one per demo provider (README, demo section).
const BRAND_PASSWORD = 'Demo-brand-2026'
const REWARD_CENTS = 25
const BUDGET_CENTS = 1000

const viewports = {
  desktop: { width: 1280, height: 800, provider: 'nova-games', name: 'Nova Games', from: '127.0.0.81' },
  phone: { width: 390, height: 844, provider: 'spike-energy', name: 'Spike Energy', from: '127.0.0.82' },
}

/** The header's "Log in" link, behind the menu button on a phone: the modal either way. */
async function logInThroughModal(page: Page, username: string, password: string, phone: boolean) {
  await page.goto('/')
  if (phone) {
    await page.getByLabel('Open the menu').click()
    await page
      .getByRole('navigation', { name: 'Mobile menu' })
      .getByRole('link', { name: 'Log in', exact: true })
      .click()
  } else {
    await page.locator('.desktop-nav').getByRole('link', { name: 'Log in', exact: true }).click()
  }
  const dialog = page.getByRole('dialog')
  await dialog.getByLabel('Username').fill(username)
  await dialog.getByLabel('Password').fill(password)
  await dialog.getByRole('button', { name: 'Log in' }).click()
}

/** An admin's browser, signed in by the API (the admin's own sign-in is accounts.e2e's business). */
async function adminPage(browser: Browser, viewport: { width: number; height: number }): Promise<Page> {
  const signin = await sendFrom(base, 'POST', '/api/oauth/signin', {
    from: '127.0.0.1',
    body: { username: 'admin', plainPassword: 'Admin-password-1' },
  })
  expect(signin.status).toBe(200)
  const context = await browser.newContext({ viewport })
  await storeSession(context, signin.body.code as string, signin.body.user)
  return context.newPage()
}

for (const [name, viewport] of Object.entries(viewports)) {
  test(`a brand drafts a mission, an admin publishes it, a viewer clicks, the brand sees it live (${name})`, async ({
    browser,
  }) => {
    const phone = viewport.width < 600
    const size = { width: viewport.width, height: viewport.height }
    const title = `Launch stream ${name} ${Date.now().toString(36)}`

    // The brand member signs in through the modal and lands on the portal.
    const brandContext = await browser.newContext({ viewport: size })
    const brand = await brandContext.newPage()
    await logInThroughModal(brand, `${viewport.provider}-brand`, BRAND_PASSWORD, phone)
    await expect(brand).toHaveURL(/\/dashboard\/provider$/)
    await expect(brand.getByRole('heading', { name: 'Your brands' })).toBeVisible()
    // The Brand menu replaces the streamer's deals menu.
    if (phone) await brand.getByLabel('Open the menu').click()
    const menu = phone
      ? brand.getByRole('navigation', { name: 'Mobile menu' })
      : brand.locator('.desktop-nav')
    if (!phone) await menu.getByRole('button', { name: 'Brand' }).click()
    await menu.getByRole('link', { name: viewport.name }).click()
    await expect(brand).toHaveURL(new RegExp(`/dashboard/provider/${viewport.provider}$`))

    // Draft a mission with every field; the preview shows where viewers will land.
    await brand.getByRole('link', { name: 'New mission' }).first().click()
    const titles = brand.getByRole('group', { name: 'Title' })
    await titles.getByLabel('English').fill(title)
    await titles.getByLabel('French').fill(`${title} (fr)`)
    await titles.getByLabel('Spanish').fill(`${title} (es)`)
    await brand.getByRole('group', { name: 'Description' }).getByLabel('English').fill('Stream the launch.')
    await brand.getByRole('group', { name: 'Tips' }).getByLabel('English').fill('Pin the link in chat.')
    await brand.getByLabel('Kind of link').selectOption('MIXTE')
    await brand.getByLabel('Landing page address').fill('https://brand.example/launch')
    await brand.getByLabel('Parameter with the streamer’s name').fill('ref')
    await expect(brand.getByTestId('tracked-link-preview')).toContainText(
      'https://brand.example/launch?ref=your_streamer',
    )
    await brand.getByLabel('Reward model').selectOption('cpc')
    // Money is typed in euros, as a person writes it.
    await brand.getByLabel('Reward per valid click (€)').fill((REWARD_CENTS / 100).toFixed(2))
    await brand.getByLabel('Goal (valid clicks)').fill('100')
    await brand.getByLabel('Spots').fill('5')
    await brand.getByLabel('Budget (€, empty: no cap)').fill(String(BUDGET_CENTS / 100))
    await brand.getByRole('button', { name: 'Save the draft' }).click()
    // The saved draft's own page (not the form's `missions/new`, which the address names until then).
    await expect(brand).toHaveURL(
      new RegExp(`/dashboard/provider/${viewport.provider}/missions/(?!new$)[\\w-]+$`),
    )
    const code = decodeURIComponent(new URL(brand.url()).pathname.split('/').at(-1) ?? '')
    await expect(brand.getByRole('heading', { name: title, level: 1 })).toBeVisible()
    await expect(brand.getByTestId('remaining')).toHaveText(/€10\.00/)
    // Kept on the page from here on: a reload would wipe it.
    await brand.evaluate(() => {
      ;(window as { stillThisPage?: boolean }).stillThisPage = true
    })

    // An admin publishes the draft in the admin's missions tab.
    const admin = await adminPage(browser, size)
    await admin.goto('/admin/missions')
    const row = admin.locator('.admin-list li').filter({ hasText: title })
    await expect(row).toContainText('Draft')
    await row.getByRole('button', { name: 'Edit' }).click()
    await admin.getByLabel('Status').selectOption('published')
    await admin.getByRole('button', { name: 'Save' }).click()
    await expect(admin.locator('.admin-list li').filter({ hasText: title })).toContainText('Published')

    // A streamer (from an address of their own) takes the mission.
    const username = `brandfan${Date.now().toString(36)}`
    const signup = await sendFrom(base, 'POST', '/api/oauth/signup', {
      from: viewport.from,
      body: { username, email: `${username}@example.test`, plainPassword: 'Streamer-password-1' },
    })
    expect(signup.status).toBe(201)
    const taken = await sendFrom(base, 'POST', `/api/deals/subscriptions/${code}/${username}`, {
      from: viewport.from,
      headers: { authorization: `Bearer ${signup.body.code as string}` },
    })
    expect(taken.status, JSON.stringify(taken.body)).toBe(201)

    // A viewer opens the tracked link and lands on the brand's page.
    // The server's redirect sends the browser on; the made-up brand host resolves nowhere (and
    // Playwright routes no redirect target), so the request sent there shows where the viewer went.
    const viewer = await browser.newContext({ userAgent: VIEWER_UA, viewport: size })
    const viewerPage = await viewer.newPage()
    const toBrand = viewerPage.waitForRequest(/^https:\/\/brand\.example\//)
    await viewerPage.goto(`/redir/cpc/${code}/${username}`).catch(() => undefined)
    expect((await toBrand).url()).toBe(`https://brand.example/launch?ref=${username}`)

    // The brand's results page, never reloaded, shows the click and the spend.
    await expect(brand.getByTestId('valid-clicks')).toHaveText('1')
    await expect(brand.getByTestId('brand-spend').getByTestId('spent')).toHaveText(/€0\.25/)
    await expect(brand.getByTestId('remaining')).toHaveText(/€9\.75/)
    await expect(brand.getByTestId('brand-streamers')).toContainText(username)
    await expect(brand.locator('.brand-mission-meta .status-badge')).toHaveText('Published')
    expect(await brand.evaluate(() => (window as { stillThisPage?: boolean }).stillThisPage)).toBe(true)

    // The per-streamer table downloads as CSV.
    const [download] = await Promise.all([
      brand.waitForEvent('download'),
      brand.getByRole('link', { name: 'Download as CSV' }).click(),
    ])
    expect(readFileSync(await download.path(), 'utf8')).toContain(username)

    await viewer.close()
    await admin.context().close()
    await brandContext.close()
  })
}
