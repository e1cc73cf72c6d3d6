/**
 * No dead clicks: every control of the server-rendered header and hero works before the
 * app has hydrated. The client's entry script is held back, the visitor clicks first, and once the
 * script is let go the app shows what the click asked for.
 */
import { expect, type Page, test } from '@playwright/test'

// The built client's chunks: held back, the app cannot start (the server-rendered page still shows).
const APP_SCRIPTS = /\/assets\/[^/]+\.js$/

/** Holds every request for the app's scripts until the returned function is called. */
async function holdAppScript(page: Page): Promise<() => void> {
  let release = () => {}
  const released = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route(APP_SCRIPTS, async (route) => {
    await released
    await route.continue().catch(() => {
      // The page navigated away meanwhile (a link clicked before hydration): nothing to continue.
    })
  })
  return release
}

const isHydrated = (page: Page) =>
  page.evaluate(() => {
    const root = document.getElementById('root')
    return root !== null && Object.keys(root).some((key) => key.startsWith('__reactContainer'))
  })

async function hydrated(page: Page) {
  await page.waitForFunction(() => {
    const root = document.getElementById('root')
    return root !== null && Object.keys(root).some((key) => key.startsWith('__reactContainer'))
  })
}

test('"Sign up" and "Log in" clicked before hydration open their modal once the app runs', async ({
  page,
}) => {
  const release = await holdAppScript(page)
  await page.goto('/faq')
  const header = page.locator('.desktop-nav')
  await header.getByRole('link', { name: 'Sign up', exact: true }).click()
  await expect(page).toHaveURL(/\/faq\?auth=register$/)
  expect(await isHydrated(page)).toBe(false)

  release()
  const dialog = page.getByRole('dialog')
  await expect(dialog.getByRole('heading', { name: 'Create your account' })).toBeVisible()
  await dialog.getByRole('button', { name: 'Close' }).click()
  await expect(dialog).toHaveCount(0)
  await expect(page).toHaveURL(/\/faq$/)

  // Hydrated now: the same link opens the modal in place, and the page stays where it was.
  await header.getByRole('link', { name: 'Log in', exact: true }).click()
  await expect(dialog.getByRole('heading', { name: 'Log in' })).toBeVisible()
  await expect(page).toHaveURL(/\/faq\?auth=login$/)
})

test('a link shared with ?auth=login opens the login modal, and the hero\'s "Start earning" works before hydration', async ({
  page,
}) => {
  await page.goto('/terms?auth=login')
  await expect(page.getByRole('dialog').getByRole('heading', { name: 'Log in' })).toBeVisible()

  const release = await holdAppScript(page)
  await page.goto('/')
  await page.getByRole('link', { name: 'Start earning' }).click()
  await expect(page).toHaveURL(/\/\?auth=register$/)
  release()
  await expect(page.getByRole('dialog').getByRole('heading', { name: 'Create your account' })).toBeVisible()
})

test('a language chosen before hydration is applied once the app runs', async ({ page, context }) => {
  const release = await holdAppScript(page)
  await page.goto('/')
  await page.locator('.desktop-nav').getByLabel('Language').selectOption('fr')
  expect(await isHydrated(page)).toBe(false)

  release()
  await hydrated(page)
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr')
  await expect(page.getByRole('heading', { name: 'Missions à la une' })).toBeVisible()
  const cookie = (await context.cookies()).find((item) => item.name === 'i18n_cookie')
  expect(cookie?.value).toBe('fr')
})

test('at 390x844 the menu opens before hydration and its "Sign up" opens the modal once the app runs', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 })
  const release = await holdAppScript(page)
  await page.goto('/')
  const panel = page.getByRole('navigation', { name: 'Mobile menu' })
  await expect(panel).toBeHidden()
  await page.getByLabel('Open the menu').click()
  await expect(panel).toBeVisible()
  await panel.getByRole('link', { name: 'Sign up' }).click()
  await expect(page).toHaveURL(/\/\?auth=register$/)
  expect(await isHydrated(page)).toBe(false)

  release()
  await expect(page.getByRole('dialog').getByRole('heading', { name: 'Create your account' })).toBeVisible()
  await expect(panel).toBeHidden()
})

test('at 390x844 the menu opened before hydration stays usable after it', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  const release = await holdAppScript(page)
  await page.goto('/')
  await page.getByLabel('Open the menu').click()
  const panel = page.getByRole('navigation', { name: 'Mobile menu' })
  await expect(panel).toBeVisible()

  release()
  await hydrated(page)
  // The app read the open menu from the page: its toggle now offers to close it, and closes it.
  await page.getByLabel('Close the menu').click()
  await expect(panel).toBeHidden()
  await page.getByLabel('Open the menu').click()
  await panel.getByRole('link', { name: 'FAQ' }).click()
  await expect(page).toHaveURL(/\/faq$/)
  await expect(panel).toBeHidden()
})

test('the FAQ\'s "Contact us" clicked before hydration opens the contact form once the app runs', async ({
  page,
}) => {
  const release = await holdAppScript(page)
  await page.goto('/faq')
  await page.locator('.contact').getByRole('link', { name: 'Contact us' }).click()
  await expect(page).toHaveURL(/\/faq\?contact=true#contact-title$/)
  expect(await isHydrated(page)).toBe(false)

  release()
  await hydrated(page)
  await expect(page.locator('.contact form')).toBeVisible()
  await expect(page.locator('.contact').getByRole('link', { name: 'Contact us' })).toHaveCount(0)
})
