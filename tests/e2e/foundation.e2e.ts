/**
 * The foundation, end to end: the home page shows the seeded missions, the language switch
 * re-renders in French and survives a reload (cookie), an unknown route shows the 404 page, and the
 * service worker installs and controls the page.
 */
import { expect, type Page, test } from '@playwright/test'

/** The home page is server-rendered: controls only react once React has hydrated it. */
async function hydrated(page: Page) {
  await page.waitForFunction(() => {
    const root = document.getElementById('root')
    return root !== null && Object.keys(root).some((key) => key.startsWith('__reactContainer'))
  })
}

test('the home page shows the featured missions of the demo seed', async ({ page }) => {
  await page.goto('/')
  const cards = page.locator('#missions .mission-card')
  await expect(cards.first()).toBeVisible()
  expect(await cards.count()).toBeGreaterThan(0)
})

test('switching to French re-renders in French and survives a reload', async ({ page, context }) => {
  await page.goto('/')
  await hydrated(page)
  await page.locator('.desktop-nav').getByLabel('Language').selectOption('fr')
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr')
  await expect(page.getByRole('heading', { name: 'Missions à la une' })).toBeVisible()
  const cookie = (await context.cookies()).find((item) => item.name === 'i18n_cookie')
  expect(cookie?.value).toBe('fr')
  // 365 days, give or take the test's own run time.
  expect((cookie?.expires ?? 0) - Date.now() / 1000).toBeGreaterThan(364 * 24 * 3600)
  await page.reload()
  await expect(page.getByRole('heading', { name: 'Missions à la une' })).toBeVisible()
})

test('an unknown route shows the not-found page', async ({ page }) => {
  await page.goto('/no/such/page')
  await expect(page.getByText('This page could not be found')).toBeVisible()
  await expect(page.getByRole('link', { name: /home/i })).toBeVisible()
})

test('the service worker installs and controls the page', async ({ page }) => {
  await page.goto('/')
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
  })
  // clientsClaim(): the activated worker takes the open page over without a reload.
  const controlled = () => page.evaluate(() => navigator.serviceWorker.controller !== null)
  await expect.poll(controlled, { timeout: 20_000 }).toBe(true)
  await page.reload()
  await expect.poll(controlled).toBe(true)
})
