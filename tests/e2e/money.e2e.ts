/**
 * Money at a glance: the dashboard's summary of today, the wallet's history grouped per
 * deal and day with "Load more", the kind filter, the CSV download, and the charts' values on focus.
 * Clicks come from loopback addresses of their own (the whole 127/8 range reaches the server), as
 * viewers on other machines would send them.
 */

import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { type Browser, expect, type Page, test } from '@playwright/test'
import { sendFrom } from './built-server'
import { storeSession } from './stored-session'

const port = Number(process.env.E2E_PORT ?? 4310)
const base = `http://127.0.0.1:${port}`
// A seeded mission: cpc, 15 cents a valid click, 200 spots.
const MISSION = 'starfall-launch'
const TITLE = 'Play Starfall Odyssey live'
const CLICKS = 73
const ADJUSTMENTS = 22
const VIEWER = {
  'user-agent':
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36',
}

interface Streamer {
  username: string
  code: string
  user: unknown
  auth: Record<string, string>
}

async function streamerWithHistory(): Promise<Streamer> {
  const from = '127.0.0.41'
  const username = `money_${randomBytes(3).toString('hex')}`
  const signup = await sendFrom(base, 'POST', '/api/oauth/signup', {
    from,
    body: { username, email: `${username}@example.test`, plainPassword: 'Streamer-pass-1' },
  })
  expect(signup.status).toBe(201)
  const code = signup.body.code as string
  const auth = { authorization: `Bearer ${code}` }
  expect(
    (await sendFrom(base, 'POST', `/api/deals/subscriptions/${MISSION}/${username}`, { from, headers: auth }))
      .status,
  ).toBe(201)
  const wallet = await sendFrom(base, 'POST', `/api/wallets/user/${username}`, {
    from,
    headers: auth,
    body: {
      kind: 'person',
      person: {
        firstName: 'Ada',
        lastName: 'Lovelace',
        birthDate: '1990-12-10',
        address: { line1: '1 rue de la Paix', city: 'Paris', postalCode: '75002', country: 'FR' },
      },
    },
  })
  expect(wallet.status).toBe(201)
  // 73 viewers, each from a network of its own: 73 valid clicks, 73 ledger entries of €0.15.
  const seed = Math.floor(Math.random() * 200) + 20
  for (let viewer = 0; viewer < CLICKS; viewer++) {
    const click = await sendFrom(base, 'POST', `/api/deals/subscriptions/check/${MISSION}/${username}`, {
      from: `127.${seed}.${viewer + 1}.9`,
      headers: VIEWER,
      body: { kind: 'cpc' },
    })
    expect(click.status).toBe(200)
  }
  // 22 small operator credits, one row each: 23 rows, more than a page of 20.
  const admin = await sendFrom(base, 'POST', '/api/oauth/signin', {
    from: '127.0.0.42',
    body: { username: 'admin', plainPassword: 'Admin-password-1' },
  })
  const adminAuth = { authorization: `Bearer ${admin.body.code as string}` }
  for (let index = 1; index <= ADJUSTMENTS; index++) {
    const credit = await sendFrom(base, 'POST', `/api/admin/wallets/${username}/adjustments`, {
      from: '127.0.0.42',
      headers: adminAuth,
      body: { amount: 10, reason: `Bonus ${index}` },
    })
    expect(credit.status).toBe(201)
  }
  return { username, code, auth, user: signup.body.user }
}

async function openAs(browser: Browser, streamer: Streamer): Promise<Page> {
  const context = await browser.newContext({ acceptDownloads: true })
  await storeSession(context, streamer.code, streamer.user)
  return context.newPage()
}

let streamer: Streamer
test.beforeAll(async () => {
  test.setTimeout(120_000)
  streamer = await streamerWithHistory()
})

test('the dashboard opens with today’s money: earned, clicks, pending, available and the next step', async ({
  browser,
}) => {
  const page = await openAs(browser, streamer)
  await page.goto('/dashboard/deal')
  await expect(page.getByTestId('summary-earned-today')).toHaveText('€10.95')
  await expect(page.getByTestId('summary-clicks-today')).toHaveText(String(CLICKS))
  // Click earnings are held (fraud review); the operator's credits are available at once.
  await expect(page.getByTestId('summary-pending')).toHaveText('€10.95')
  await expect(page.getByTestId('summary-available')).toHaveText('€2.20')
  // The held earnings cover what the available part lacks: nothing more to earn, only to wait.
  await expect(page.getByTestId('summary-next-step')).toContainText(
    '€10.95 pending: you reach the payout minimum of €10.00 once it is available.',
  )
  await page.getByTestId('summary-next-step').getByRole('link', { name: 'See your wallet' }).click()
  await expect(page).toHaveURL(/\/dashboard\/deal\/payment$/)
})

test('the wallet groups clicks per deal and day, pages with "Load more", filters by kind, downloads CSV', async ({
  browser,
}) => {
  const page = await openAs(browser, streamer)
  await page.goto('/dashboard/deal/payment')
  const rows = page.getByTestId('activity-row')
  await expect(rows).toHaveCount(20)
  // Rows sort by the day, then the row begun last: the operator's 22 credits came after the clicks
  // began, so the deal's row is on the second page.
  const grouped = rows.filter({ hasText: TITLE })
  await expect(grouped).toHaveCount(0)
  const firstPage = await rows.locator('.activity-title').allTextContents()

  const loadMore = page.getByRole('button', { name: 'Load more' })
  await loadMore.focus()
  await page.keyboard.press('Enter')
  await expect(rows).toHaveCount(ADJUSTMENTS + 1)
  await expect(loadMore).toHaveCount(0)
  // The first page stays as it was, the next one follows it.
  expect((await rows.locator('.activity-title').allTextContents()).slice(0, 20)).toEqual(firstPage)
  await expect(grouped).toHaveCount(1)
  await expect(grouped.getByTestId('activity-count')).toHaveText(`${CLICKS} clicks`)
  await expect(grouped.getByTestId('activity-amount')).toHaveText('€10.95')
  const titles = await rows.locator('.activity-title').allTextContents()
  expect(new Set(titles).size).toBe(titles.length)
  for (let index = 1; index <= ADJUSTMENTS; index++) expect(titles).toContain(`Bonus ${index}`)
  await expect(page.getByRole('status').filter({ hasText: 'rows shown' })).toHaveText(
    `${ADJUSTMENTS + 1} rows shown`,
  )

  // The filter: earnings only, one row; then the CSV of what is shown.
  await page.getByLabel('Show').selectOption({ label: 'Earnings' })
  await expect(rows).toHaveCount(1)
  await expect(rows.first()).toContainText(TITLE)
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download CSV' }).click(),
  ])
  const earnings = readFileSync(await download.path())
  expect([...earnings.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
  const lines = earnings.subarray(3).toString('utf8').trim().split('\r\n')
  expect(lines).toHaveLength(2)
  // The interface is in English: English words, commas between cells and a decimal dot.
  expect(lines[0]).toBe('"Date","Type","Mission","Description","Count","Amount","Currency"')
  expect(lines[1]).toMatch(
    new RegExp(`^\\d{4}-\\d{2}-\\d{2},"Earnings","${TITLE}",".*",${CLICKS},10\\.95,EUR$`),
  )

  await page.getByLabel('Show').selectOption({ label: 'Adjustment' })
  await expect(rows).toHaveCount(20)
  await expect(rows.filter({ hasText: TITLE })).toHaveCount(0)
  const [all] = await Promise.all([
    page.waitForEvent('download'),
    page
      .getByLabel('Show')
      .selectOption({ label: 'All transactions' })
      .then(() => page.getByRole('link', { name: 'Download CSV' }).click()),
  ])
  const allLines = readFileSync(await all.path())
    .subarray(3)
    .toString('utf8')
    .trim()
    .split('\r\n')
  expect(allLines).toHaveLength(ADJUSTMENTS + 2)
  expect(allLines.filter((line) => line.includes(',"Adjustment",'))).toHaveLength(ADJUSTMENTS)
})

test('the charts read their values on keyboard focus and have a text alternative', async ({ browser }) => {
  const page = await openAs(browser, streamer)
  await page.goto(`/dashboard/deal/inprogress/${MISSION}/events`)
  const chart = page.getByTestId('events-chart')
  await expect(chart.locator('figcaption')).toContainText(`${CLICKS} valid clicks and 0 refused clicks`)
  const slider = chart.getByRole('slider')
  await slider.focus()
  await page.keyboard.press('End')
  await expect(page.getByTestId('events-chart-readout')).toContainText(
    `Valid ${CLICKS} clicks, Refused 0 clicks`,
  )
  await expect(slider).toHaveAttribute('aria-valuetext', /73 clicks/)
  // The same figures as a table, for screen readers.
  await expect(chart.getByRole('table')).toContainText(`${CLICKS} clicks`)
  // The canvas has axes: uPlot draws the ticks' labels as text.
  await expect(chart.locator('.u-axis').first()).toBeAttached()

  await page.goto('/dashboard/deal/payment')
  const earnings = page.getByTestId('earnings-chart')
  await expect(earnings.locator('figcaption')).toContainText('earned from')
  await earnings.getByRole('slider').focus()
  await page.keyboard.press('End')
  await expect(page.getByTestId('earnings-chart-readout')).toContainText('Earned €10.95')
})
