/**
 * A marketer's brand portal end to end, as the demo brand Nova Games: drafting a mission typing
 * euros and a guided link (an empty submit first: the errors in words, the first one in view below
 * the header), asking the admins for a top-up (they are mailed), inviting a colleague (the link
 * arrives at the local SMTP server), and reading the overview with its forecast and CSV.
 */
import { readFileSync } from 'node:fs'
import { expect, type Page, test } from '@playwright/test'
import { mailedLinks, mailsTo } from './mail-box'

const BRAND_PASSWORD = 'Demo-brand-2026'
// A 1×1 PNG: the thumbnail the draft is saved with.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
)

async function logIn(page: Page) {
  await page.goto('/')
  await page.locator('.desktop-nav').getByRole('link', { name: 'Log in', exact: true }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByLabel('Username').fill('nova-games-brand')
  await dialog.getByLabel('Password').fill(BRAND_PASSWORD)
  await dialog.getByRole('button', { name: 'Log in' }).click()
  await expect(page).toHaveURL(/\/dashboard\/provider$/)
}

test('a brand drafts in euros, asks for a top-up, invites a colleague and reads its overview', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await logIn(page)
  await page.goto('/dashboard/provider/nova-games/missions/new')
  await expect(page.getByRole('heading', { name: 'New mission', level: 1 })).toBeVisible()

  // Only the kinds Nova Games may use: no other partner's link.
  const kinds = await page.getByLabel('Kind of link').locator('option').allTextContents()
  expect(kinds).toContain('Link with the streamer’s name')
  expect(kinds.join()).not.toMatch(/Wargaming|Spike/)

  // An empty submit: errors in words under the fields, no browser bubble, the first one in view.
  await page.getByRole('group', { name: 'Title' }).getByLabel('English').fill('')
  await page.getByRole('button', { name: 'Save the draft' }).click()
  const titleError = page.getByRole('group', { name: 'Title' }).getByRole('alert')
  await expect(titleError).toHaveText('This field is required.')
  await expect(page.getByLabel('Landing page address')).toHaveAttribute('aria-invalid', 'true')
  await expect(page).toHaveURL(/missions\/new$/)
  const english = page.getByRole('group', { name: 'Title' }).getByLabel('English')
  await expect(english).toBeFocused()
  const header = await page.locator('.site-header').boundingBox()
  await expect
    .poll(async () => (await page.getByRole('group', { name: 'Title' }).boundingBox())?.y ?? 0)
    .toBeGreaterThanOrEqual(header?.height ?? 0)

  const title = `Launch in euros ${Date.now().toString(36)}`
  await english.fill(title)
  await page.getByRole('group', { name: 'Description' }).getByLabel('English').fill('Stream the launch.')
  await page.getByLabel('Landing page address').fill('https://nova.example/launch')
  await expect(page.getByTestId('tracked-link-preview')).toContainText(
    'https://nova.example/launch?ref=your_streamer',
  )
  await page.getByLabel('Reward per valid click (€)').fill('0,25')
  await expect(page.getByText('A streamer earns €0.25.')).toBeVisible()
  await page.getByLabel('Budget (€, empty: no cap)').fill('1 200')
  await expect(page.getByText('The mission stops paying at €1,200.00.')).toBeVisible()
  await page.getByLabel('Thumbnail (image, 16:9)').setInputFiles({
    name: 'thumb.png',
    mimeType: 'image/png',
    buffer: PNG,
  })
  await expect(page.getByText('Chosen: saved with the draft.')).toBeVisible()
  await page.getByRole('button', { name: 'Save the draft' }).click()
  await expect(page).toHaveURL(/\/dashboard\/provider\/nova-games\/missions\/(?!new$)[\w-]+$/)
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible()
  await expect(page.getByTestId('remaining')).toHaveText(/€1,200\.00/)
  await expect(page.getByTestId('results-thumbnail')).toBeVisible()
  await expect(page.getByText('The saved thumbnail.')).toBeVisible()

  // Card payments are off here: the brand asks the admins, who are mailed.
  const note = `Launch week ${Date.now().toString(36)}`
  const request = page.getByRole('form', { name: 'Request a top-up' })
  await request.getByLabel('Amount in euros').fill('500')
  await request.getByLabel('Note for the administrators (optional)').fill(note)
  await request.getByRole('button', { name: 'Request a top-up' }).click()
  await expect(page.getByTestId('top-up-requests')).toContainText('€500.00')
  await expect(page.getByTestId('top-up-requests')).toContainText('Requested')
  await expect.poll(() => mailsTo('admin@streamdeals.test').some((mail) => mail.includes(note))).toBe(true)

  // The owner invites a colleague: the invitation mail arrives with its link.
  await page.goto('/dashboard/provider/nova-games')
  const email = `colleague${Date.now().toString(36)}@nova.example`
  const invite = page.getByRole('form', { name: 'Invite a member' })
  await invite.getByLabel('E-mail address').fill('not an address')
  await invite.getByRole('button', { name: 'Send the invitation' }).click()
  await expect(invite.getByRole('alert')).toHaveText('Enter a valid e-mail address.')
  await invite.getByLabel('E-mail address').fill(email)
  await invite.getByRole('button', { name: 'Send the invitation' }).click()
  await expect(page.getByTestId('brand-invitations')).toContainText(email)
  await expect.poll(() => mailedLinks(email, 'invite').length).toBe(1)

  // The overview: cards, the chart, each mission's forecast, and the days as CSV.
  await page.getByRole('link', { name: 'Overview and forecast' }).click()
  await expect(page.getByRole('heading', { name: 'Overview of Nova Games', level: 1 })).toBeVisible()
  await expect(page.getByTestId('overview-spent')).toContainText('€')
  await expect(page.getByTestId('overview-clicks-chart')).toBeVisible()
  const forecast = page.getByTestId('overview-forecast')
  await expect(forecast).toContainText(title)
  await expect(forecast.locator('li').filter({ hasText: title })).toContainText(
    'Not running: the budget waits.',
  )
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download the days as CSV' }).click(),
  ])
  const csv = readFileSync(await download.path(), 'utf8')
  expect(csv).toContain('day,spent,valid_clicks,refused_clicks,cost_per_valid_click,currency')
  expect(csv.trim().split('\r\n')).toHaveLength(31)

  // A narrower range, from the form.
  const range = page.getByRole('form', { name: 'Days shown' })
  await range.getByRole('textbox', { name: 'From', exact: true }).fill('01/01/2026')
  await range.getByRole('textbox', { name: 'To', exact: true }).fill('31/12/2025')
  await range.getByRole('button', { name: 'Show' }).click()
  await expect(page.getByText('The first day must come before the last one.')).toBeVisible()
})
