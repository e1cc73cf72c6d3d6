import { readFileSync } from 'node:fs'
import { expect, test } from '@playwright/test'
import { sendFrom } from './built-server'
import { storeSession } from './stored-session'

// A viewer's ordinary desktop browser: headless Chromium announces itself and would count as a bot.
const VIEWER_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36'
const base = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 4310)}`
// A seeded cpc mission whose LINK integration sends viewers to the brand with the streamer's name.
const MISSION_TITLE = 'Wishlist the Starfall expansion'

test('a new streamer takes a mission, a viewer clicks the tracked link, everything updates live', async ({
  browser,
}) => {
  const username = `streamer${Date.now().toString(36)}`
  // The streamer signs up from an address of their own: the viewer's browser below clicks from
  // 127.0.0.1, and clicks from the owner's sign-in address are never credited.
  const signup = await sendFrom(base, 'POST', '/api/oauth/signup', {
    from: '127.0.0.31',
    body: { username, email: `${username}@example.test`, plainPassword: 'Streamer-password-1' },
  })
  expect(signup.status).toBeLessThan(300)
  const { code: token, user } = signup.body

  const streamer = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] })
  await storeSession(streamer, token as string, user)
  const page = await streamer.newPage()
  await page.goto('/dashboard/deal')
  await page.getByRole('button', { name: `Take the mission ${MISSION_TITLE}` }).click()
  // Taking asks first, summing the mission up.
  await page.getByRole('dialog').getByRole('button', { name: 'Yes, take it' }).click()

  // The take action lands on the deal's tools: tracked link with a copy button.
  await expect(page).toHaveURL(/\/dashboard\/deal\/inprogress\/starfall-wishlist\/tools$/)
  const trackedLink = await page.getByTestId('tracked-link').inputValue()
  expect(trackedLink).toMatch(new RegExp(`/redir/cpc/starfall-wishlist/${username}$`))
  await page.getByRole('button', { name: 'Copy: Your tracked link' }).click()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(trackedLink)
  const widgetUrl = await page.getByTestId('widget-url').inputValue()

  // The deal is listed under in progress.
  await page.getByRole('link', { name: 'Available deals' }).click()
  await expect(page.locator('.deal-list')).toContainText(MISSION_TITLE)

  // The goal widget, open in a third page, starts at zero.
  const widgetPage = await streamer.newPage()
  await widgetPage.goto(widgetUrl)
  await expect(widgetPage.getByTestId('goal-widget-count')).toHaveText('0 / 2000')

  // The streamer watches the events page.
  await page.goto('/dashboard/deal/inprogress/starfall-wishlist/events')
  await expect(page.getByTestId('deal-earned')).toHaveText(/€0\.00/)

  // A viewer in another browser opens the tracked link and is sent to the brand's page.
  // The server answers the link with a redirect (no app loaded); the brand's made-up host resolves
  // nowhere, and Playwright routes no redirect target, so the request the browser sends there is
  // what shows the viewer was sent on.
  const viewer = await browser.newContext({ userAgent: VIEWER_UA })
  const viewerPage = await viewer.newPage()
  const toBrand = viewerPage.waitForRequest(/^https:\/\/novagames\.example\//)
  await viewerPage.goto(trackedLink).catch(() => undefined)
  expect((await toBrand).url()).toBe(`https://novagames.example/expansion?ref=${username}`)

  // Without a reload: the click and the credit on the events page, the widget advances.
  // One row for the click and what it earned.
  const click = page.getByTestId('deal-events').locator('li', { hasText: 'Click' })
  await expect(click).toContainText('Counted')
  await expect(click).toContainText('€0.08')
  await expect(page.getByTestId('deal-earned')).toHaveText(/€0\.08/)
  await expect(widgetPage.getByTestId('goal-widget-count')).toHaveText('1 / 2000')

  // Stop the deal through the confirmation dialog.
  await page.getByRole('button', { name: 'Stop the deal' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Stop the deal' }).click()
  await expect(page.locator('.deal-header .deal-state')).toHaveText('Stopped')
  await expect(widgetPage.locator('[data-testid="goal-widget"]')).toHaveAttribute('data-state', 'stopped')

  // Download the earnings statement: a real PDF.
  await page.getByRole('link', { name: 'Tools' }).click()
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download the earnings statement (PDF)' }).click(),
  ])
  const file = await download.path()
  expect(readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-')

  // An unknown token shows a clear state instead of an empty overlay.
  await widgetPage.goto('/widgets/goal?token=unknown-token-0000000000000')
  await expect(widgetPage.getByRole('status')).toContainText('This widget link is not valid')
  await viewer.close()
  await streamer.close()
})
