/**
 * A mission seen before it is taken: from the dashboard and from the home page (signed
 * out: the login modal, then the preview), the preview shows the goal, the earnings estimate, the
 * dates and which clicks count; taking asks for confirmation first; and the Tools page the take opens
 * is at its top with the tracked link focused, however far down the list the mission was.
 */
import { expect, type Page, test } from '@playwright/test'
import { sendFrom } from './built-server'
import { storeSession } from './stored-session'

const base = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 4310)}`
const password = 'Preview-password-1'
// A seeded cpc mission: €0.08 per valid click, 2,000 valid clicks to reach the goal.
const MISSION = { code: 'starfall-wishlist', title: 'Wishlist the Starfall expansion' }
const shots = process.env.PREVIEW_SHOTS ? 'tests/e2e/artifacts' : null

/** A fresh streamer, signed up through the API; returns the token and user to store. */
async function signUp(prefix: string) {
  const username = `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`
  // Each from an address of its own: sign-ups are rate-limited per address.
  const response = await sendFrom(base, 'POST', '/api/oauth/signup', {
    from: `127.0.14.${1 + Math.floor(Math.random() * 250)}`,
    body: { username, email: `${username}@example.test`, plainPassword: password },
  })
  expect(response.status).toBeLessThan(300)
  return { username, token: response.body.code as string, user: response.body.user }
}

async function signedInPage(page: Page, prefix: string) {
  const account = await signUp(prefix)
  await storeSession(page, account.token, account.user)
  return account
}

/** What the preview must say: goal, estimate, dates, eligibility. */
async function expectWholeMission(page: Page) {
  const main = page.locator('main')
  await expect(main.getByRole('heading', { level: 1, name: MISSION.title })).toBeVisible()
  await expect(main.getByTestId('preview-goal')).toContainText('2,000')
  await expect(main.getByTestId('preview-goal')).toContainText('valid clicks')
  await expect(main.getByTestId('mission-estimate').first()).toHaveText(
    /2,000 valid clicks\s*→\s*earn\s*€160\.00/,
  )
  await expect(main).toContainText('€0.08 per valid click')
  await expect(main.getByTestId('preview-dates')).toContainText(/\d{2}\/\d{2}\/\d{4}|No end date/)
  await expect(main.getByTestId('preview-countdown')).toHaveText(/Ends in|Open until further notice/)
  await expect(main.getByRole('heading', { name: 'Schedule' })).toBeVisible()
  await expect(main.getByText('Starts', { exact: true })).toBeVisible()
  const rules = main.getByTestId('preview-eligibility')
  await expect(rules.getByRole('heading', { name: 'Counts' })).toBeVisible()
  await expect(rules.getByRole('heading', { name: 'Does not count' })).toBeVisible()
  await expect(rules).toContainText('Your own clicks')
  await expect(rules).toContainText('One valid click per viewer every 24 hours')
  await expect(main.getByRole('heading', { name: 'Tips' })).toBeVisible()
}

test('from the dashboard: a card opens the preview, taking asks first, Escape cancels', async ({ page }) => {
  await signedInPage(page, 'preview')
  await page.goto('/dashboard/deal')
  await page.getByRole('link', { name: MISSION.title, exact: true }).click()
  await expect(page).toHaveURL(new RegExp(`/dashboard/deal/available/${MISSION.code}$`))
  await expectWholeMission(page)
  if (shots) {
    for (const [width, height] of [
      [1280, 800],
      [390, 844],
    ] as const) {
      await page.setViewportSize({ width, height })
      await page.screenshot({ path: `${shots}/preview-${width}.png`, fullPage: true })
    }
    await page.setViewportSize({ width: 1280, height: 800 })
  }

  // The confirmation sums the mission up; Escape closes it and nothing is taken.
  const take = page.getByRole('button', { name: `Take the mission ${MISSION.title}` })
  await take.click()
  const dialog = page.getByRole('dialog', { name: 'Take this mission?' })
  await expect(dialog).toBeVisible()
  await expect(dialog).toContainText('€0.08 per valid click')
  await expect(dialog).toContainText(/2,000 valid clicks\s*→\s*earn\s*€160\.00/)
  await expect(dialog).toContainText(/Ends/)
  await expect(dialog.getByRole('button', { name: 'Yes, take it' })).toBeFocused()
  // Focus stays inside the dialog.
  for (let stop = 0; stop < 4; stop++) {
    await page.keyboard.press('Tab')
    expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true)
  }
  if (shots) {
    for (const [width, height] of [
      [1280, 800],
      [390, 844],
    ] as const) {
      await page.setViewportSize({ width, height })
      await page.screenshot({ path: `${shots}/confirm-${width}.png` })
    }
    await page.setViewportSize({ width: 1280, height: 800 })
  }
  await page.keyboard.press('Escape')
  await expect(dialog).toHaveCount(0)
  await expect(page).toHaveURL(new RegExp(`/dashboard/deal/available/${MISSION.code}$`))
  await expect(take).toBeFocused()

  await take.click()
  await dialog.getByRole('button', { name: 'Yes, take it' }).click()
  await expect(page).toHaveURL(new RegExp(`/dashboard/deal/inprogress/${MISSION.code}/tools$`))
  await expect(page.getByTestId('tracked-link')).toBeFocused()

  // Taken: the preview now leads to the deal instead.
  await page.goto(`/dashboard/deal/available/${MISSION.code}`)
  await expect(page.getByRole('link', { name: 'Open your deal' })).toBeVisible()
  await expect(page.getByRole('button', { name: `Take the mission ${MISSION.title}` })).toHaveCount(0)
})

test('taken from far down the list, the Tools page opens at its top with the tracked link focused', async ({
  page,
}) => {
  await signedInPage(page, 'toolstop')
  await page.goto('/dashboard/deal')
  const last = page.locator('.mission-grid > li').last()
  const title = (await last.locator('.mission-title').getAttribute('title')) ?? ''
  await last.scrollIntoViewIfNeeded()
  await last.getByRole('button', { name: `Take the mission ${title}` }).click()
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(400)
  await page.getByRole('dialog').getByRole('button', { name: 'Yes, take it' }).click()
  await expect(page).toHaveURL(/\/dashboard\/deal\/inprogress\/[^/]+\/tools$/)
  await expect(page.getByTestId('tracked-link')).toBeFocused()
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
  // A moment later it is still there: nothing scrolls it back down.
  await page.waitForTimeout(300)
  expect(await page.evaluate(() => window.scrollY)).toBe(0)
  // Tabs inside the deal still keep their place...
  await page.mouse.wheel(0, 300)
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0)
  const down = await page.evaluate(() => window.scrollY)
  await page.getByRole('link', { name: 'Events', exact: true }).click()
  await expect(page).toHaveURL(/\/dashboard\/deal\/inprogress\/[^/]+\/events$/)
  await page.waitForTimeout(300)
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0)
  // ...going back returns to where the Tools tab was left...
  await page.goBack()
  await expect(page).toHaveURL(/\/tools$/)
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(down)
  // ...and another page opens at its top.
  await page.getByRole('link', { name: 'FAQ' }).first().click()
  await expect(page).toHaveURL(/\/faq$/)
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
})

test('from the home page signed out: a featured card opens the login modal, then the preview', async ({
  page,
}) => {
  const account = await signUp('homepreview')
  await page.goto('/')
  const card = page.locator('#missions .mission-card').first()
  const link = card.locator('.mission-link')
  const title = (await card.locator('.mission-title').getAttribute('title')) ?? ''
  // Server-rendered as a real link, so a click before hydration is not lost.
  const href = (await link.getAttribute('href')) ?? ''
  expect(href).toContain('auth=login')
  expect(decodeURIComponent(href)).toContain('redirect=/dashboard/deal/available/')
  await link.click()
  const dialog = page.getByRole('dialog')
  await expect(dialog.getByRole('heading', { name: 'Log in' })).toBeVisible()
  await dialog.getByLabel('Username').fill(account.username)
  await dialog.getByLabel('Password').fill(password)
  await dialog.getByRole('button', { name: 'Log in' }).click()
  await expect(page).toHaveURL(/\/dashboard\/deal\/available\/[^/?]+$/)
  await expect(page.locator('main').getByRole('heading', { level: 1 })).toHaveText(title)
  await expect(page.getByTestId('preview-goal')).toBeVisible()
  await expect(page.getByTestId('preview-eligibility')).toBeVisible()
})

test('a featured card clicked before the app runs still opens the login modal with the way to the preview', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false })
  const page = await context.newPage()
  await page.goto('/')
  const link = page.locator('#missions .mission-link').first()
  await link.click()
  await expect(page).toHaveURL(/\?.*auth=login/)
  expect(decodeURIComponent(page.url())).toMatch(/redirect=\/dashboard\/deal\/available\/[^&]+/)
  await context.close()
})
