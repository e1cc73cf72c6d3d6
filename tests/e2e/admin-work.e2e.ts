/**
 * The admin's work in one place, at a desktop and a phone width: the Admin entry of the account menu,
 * a draft published from the publication queue, another sent back with a reason that the brand reads
 * on its mission list (and by mail), and the admin pages photographed for review.
 */
import { mkdirSync } from 'node:fs'
import { type Browser, expect, type Page, test } from '@playwright/test'
import { sendFrom } from './built-server'
import { mailsTo } from './mail-box'
import { storeSession } from './stored-session'

const base = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 4310)}`
const screens = process.env.SCREENS_DIR
const viewports = {
  desktop: { width: 1280, height: 800, provider: 'nova-games' },
  phone: { width: 390, height: 844, provider: 'spike-energy' },
}

async function signIn(username: string, password: string) {
  const answer = await sendFrom(base, 'POST', '/api/oauth/signin', {
    from: '127.0.0.1',
    body: { username, plainPassword: password },
  })
  expect(answer.status).toBe(200)
  return answer.body as { code: string; user: { email: string } & Record<string, unknown> }
}

async function pageAs(
  browser: Browser,
  viewport: { width: number; height: number },
  username: string,
  password: string,
) {
  const session = await signIn(username, password)
  const context = await browser.newContext({ viewport })
  await storeSession(context, session.code, session.user as never)
  return { page: await context.newPage(), session }
}

async function draft(token: string, provider: string, title: string): Promise<string> {
  const answer = await sendFrom(base, 'POST', `/api/providers/${provider}/missions`, {
    from: '127.0.0.1',
    headers: { authorization: `Bearer ${token}` },
    body: {
      title: { en: title },
      description: { en: 'Stream the launch.' },
      tips: { en: 'Pin the link.' },
      tools: { type: 'MIXTE', parameters: { URL: 'https://brand.example/go?ref=%username%' } },
      reward: { model: 'cpc', amount: 20 },
      goal: 40,
      spots: 3,
      budget: 500,
      startsAt: new Date(Date.now() - 60_000).toISOString(),
      endsAt: null,
    },
  })
  expect(answer.status, JSON.stringify(answer.body)).toBe(201)
  return answer.body.code as string
}

async function shoot(page: Page, name: string) {
  if (!screens) return
  mkdirSync(screens, { recursive: true })
  await page.screenshot({ path: `${screens}/${name}.png`, fullPage: true })
}

for (const [name, viewport] of Object.entries(viewports)) {
  test(`an admin opens Admin from the menu, publishes and rejects from the queue; the brand sees why (${name})`, async ({
    browser,
  }) => {
    // Two accounts, two drafts and five pages on a built server that may still be warming up.
    test.setTimeout(120_000)
    const phone = viewport.width < 600
    const size = { width: viewport.width, height: viewport.height }
    const brand = await signIn(`${viewport.provider}-brand`, 'Demo-brand-2026')
    const stamp = Date.now().toString(36)
    const toPublish = `Queue publish ${name} ${stamp}`
    const toReject = `Queue reject ${name} ${stamp}`
    const publishCode = await draft(brand.code, viewport.provider, toPublish)
    await draft(brand.code, viewport.provider, toReject)

    const { page: admin } = await pageAs(browser, size, 'admin', 'Admin-password-1')
    await admin.goto('/dashboard/deal')
    if (phone) {
      await admin.getByLabel('Open the menu').click()
      await admin
        .getByRole('navigation', { name: 'Mobile menu' })
        .getByRole('link', { name: 'Admin' })
        .click()
    } else {
      await admin.locator('.desktop-nav').getByRole('button', { name: 'Account' }).click()
      await admin.locator('.desktop-nav').getByRole('link', { name: 'Admin' }).click()
    }
    await expect(admin).toHaveURL(/\/admin/)
    await expect(admin.getByRole('heading', { name: 'Drafts waiting for publication' })).toBeVisible()
    await shoot(admin, `admin-queue-${name}`)

    const published = admin.getByTestId('queued-mission').filter({ hasText: toPublish })
    await published.getByRole('button', { name: 'Publish' }).click()
    await expect(published).toHaveCount(0)
    expect(
      (await sendFrom(base, 'GET', `/api/deals/missions/${publishCode}`, { from: '127.0.0.1' })).status,
    ).toBe(200)

    const rejected = admin.getByTestId('queued-mission').filter({ hasText: toReject })
    await rejected.getByRole('button', { name: 'Reject with a reason' }).click()
    await rejected.getByRole('button', { name: 'Send back to the brand' }).click()
    await expect(rejected.getByText('Write the reason.')).toBeVisible()
    await shoot(admin, `admin-reject-form-${name}`)
    await rejected.getByLabel('Reason the brand will read').fill('The landing page is not live yet')
    await rejected.getByRole('button', { name: 'Send back to the brand' }).click()
    await expect(rejected).toHaveCount(0)

    const { page: portal } = await pageAs(browser, size, `${viewport.provider}-brand`, 'Demo-brand-2026')
    await portal.goto(`/dashboard/provider/${viewport.provider}`)
    const mission = portal.locator('.brand-mission').filter({ hasText: toReject })
    await expect(mission).toContainText('Not published: The landing page is not live yet')
    await shoot(portal, `brand-notice-${name}`)
    await expect
      .poll(() => mailsTo(brand.user.email).some((body) => body.includes('The landing page is not live yet')))
      .toBe(true)

    // Each section has its own address, and its tab says so; a link written before (`?tab=`, in
    // older mails) lands on the same section.
    await expect(admin).toHaveURL(/\/admin\/publication$/)
    const tabs = admin.getByRole('navigation', { name: 'Administration sections' })
    await expect(tabs.getByRole('link', { name: 'Queue' })).toHaveAttribute('aria-current', 'page')
    await admin.goto('/admin?tab=payouts')
    await expect(admin).toHaveURL(/\/admin\/payouts$/)
    await expect(admin.getByRole('heading', { name: 'SEPA batches' })).toBeVisible()
    await expect(tabs.getByRole('link', { name: 'Payouts' })).toHaveAttribute('aria-current', 'page')
    await shoot(admin, `admin-payouts-${name}`)
    // The tab row is one line: every tab in sight on a desktop, a row that scrolls on a phone.
    const tops = await tabs
      .getByRole('link')
      .evaluateAll((links) => links.map((link) => Math.round(link.getBoundingClientRect().top)))
    expect(new Set(tops).size).toBe(1)
    const row = await tabs.evaluate((nav) => ({ scroll: nav.scrollWidth, width: nav.clientWidth }))
    if (phone) expect(row.scroll).toBeGreaterThan(row.width)
    else expect(row.scroll).toBeLessThanOrEqual(row.width)
    await tabs.getByRole('link', { name: 'Missions' }).click()
    await expect(admin).toHaveURL(/\/admin\/missions$/)
    await expect(admin.getByRole('button', { name: 'New mission' })).toBeVisible()
    await shoot(admin, `admin-missions-${name}`)

    // The brand closes what this test published: later tests read the public catalogue as seeded.
    const closed = await sendFrom(
      base,
      'PUT',
      `/api/providers/${viewport.provider}/missions/${publishCode}/state`,
      { from: '127.0.0.1', headers: { authorization: `Bearer ${brand.code}` }, body: { status: 'closed' } },
    )
    expect(closed.status, JSON.stringify(closed.body)).toBe(200)
  })
}
