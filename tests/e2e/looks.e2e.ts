/**
 * Looks like a product: on a phone the account and deal tabs stay on one row that
 * scrolls sideways with the current tab in view; missions show their own art; users get initials.
 */
import { type APIRequestContext, type Browser, expect, type Locator, type Page, test } from '@playwright/test'
import { storeSession } from './stored-session'

const PHONE = { width: 390, height: 844 }
const MISSION = 'armored-front-tournament'

interface Streamer {
  username: string
  code: string
  user: unknown
  auth: { authorization: string }
}

async function streamerWithWalletAndDeal(request: APIRequestContext): Promise<Streamer> {
  const username = `looks${Date.now().toString(36)}`
  const signup = await request.post('/api/oauth/signup', {
    data: { username, email: `${username}@example.test`, plainPassword: 'Streamer-pass-1' },
  })
  expect(signup.status()).toBe(201)
  const body = await signup.json()
  const auth = { authorization: `Bearer ${body.code}` }
  const wallet = await request.post(`/api/wallets/user/${username}`, {
    headers: auth,
    data: {
      kind: 'person',
      person: {
        firstName: 'Ana María',
        lastName: 'Gómez',
        birthDate: '1994-05-06',
        address: { line1: '1 calle Mayor', city: 'Madrid', postalCode: '28013', country: 'ES' },
      },
    },
  })
  expect(wallet.status()).toBe(201)
  const deal = await request.post(`/api/deals/subscriptions/${MISSION}/${username}`, { headers: auth })
  expect(deal.status()).toBe(201)
  return { username, code: body.code, user: body.user, auth }
}

async function phoneAs(browser: Browser, streamer: Streamer, locale = 'en'): Promise<Page> {
  const context = await browser.newContext({ viewport: PHONE })
  await context.addCookies([
    { name: 'i18n_cookie', value: locale, url: test.info().project.use.baseURL ?? '' },
  ])
  await storeSession(context, streamer.code, streamer.user)
  return context.newPage()
}

/** Each tab's top edge, the row's visible box and scroll sizes, and the active tab's box. */
async function measure(nav: Locator) {
  return nav.evaluate((row) => {
    const links = [...row.querySelectorAll('a')]
    const box = row.getBoundingClientRect()
    const active = row.querySelector('[aria-current="page"]')?.getBoundingClientRect()
    return {
      tops: links.map((link) => Math.round(link.getBoundingClientRect().top)),
      navHeight: box.height,
      linkHeight: links[0]?.getBoundingClientRect().height ?? 0,
      scrollWidth: row.scrollWidth,
      clientWidth: row.clientWidth,
      overflowX: getComputedStyle(row).overflowX,
      rowLeft: box.left,
      rowRight: box.right,
      activeLeft: active?.left ?? Number.NaN,
      activeRight: active?.right ?? Number.NaN,
      pageScrollX: window.scrollX,
      pageWidth: document.documentElement.scrollWidth,
    }
  })
}

async function expectOneScrollingRow(nav: Locator, activeName: string) {
  await expect(nav.getByRole('link', { name: activeName, exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  )
  const row = await measure(nav)
  // One row: every tab starts at the same height, and the row is one tab high.
  expect(new Set(row.tops).size, `tab tops ${row.tops.join(', ')}`).toBe(1)
  expect(row.navHeight).toBeLessThan(row.linkHeight * 1.5)
  // The row is wider than the phone and scrolls inside itself; the page does not scroll sideways.
  expect(row.scrollWidth).toBeGreaterThan(row.clientWidth)
  expect(row.overflowX).toBe('auto')
  expect(row.pageWidth).toBeLessThanOrEqual(PHONE.width)
  // The current tab is fully in view.
  expect(row.activeLeft).toBeGreaterThanOrEqual(row.rowLeft - 1)
  expect(row.activeRight).toBeLessThanOrEqual(row.rowRight + 1)
}

test('on a phone the account tabs stay on one row that scrolls, the current tab in view', async ({
  browser,
  request,
}) => {
  const streamer = await streamerWithWalletAndDeal(request)
  const page = await phoneAs(browser, streamer)
  await page.goto('/dashboard/account')
  const nav = page.getByRole('navigation', { name: 'Account' })
  // With the wallet known, the row holds all four entries.
  await expect(nav.getByRole('link')).toHaveCount(4)
  await nav.getByRole('link', { name: 'Certification', exact: true }).click()
  await expect(page).toHaveURL(/\/dashboard\/account\/certification$/)
  await expectOneScrollingRow(nav, 'Certification')

  // The keyboard still walks the row: the first tab can be reached and followed.
  await nav.getByRole('link', { name: 'Personal', exact: true }).focus()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/dashboard\/account$/)
  await expectOneScrollingRow(nav, 'Personal')
  await page.context().close()
})

test('on a phone the deal tabs stay on one row that scrolls, the current tab in view', async ({
  browser,
  request,
}) => {
  const streamer = await streamerWithWalletAndDeal(request)
  // French tab names are the longest: "Vue d'ensemble", "Événements"...
  const page = await phoneAs(browser, streamer, 'fr')
  await page.goto(`/dashboard/deal/inprogress/${MISSION}/tools`)
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr')
  const nav = page.getByRole('navigation', { name: 'Pages du deal' })
  await expect(nav.getByRole('link')).toHaveCount(4)
  await expectOneScrollingRow(nav, 'Outils')
  await page.context().close()
})

test('every mission card shows its own picture and brand logo, loaded from the server', async ({
  browser,
  request,
}) => {
  const streamer = await streamerWithWalletAndDeal(request)
  const page = await phoneAs(browser, streamer)
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.goto('/dashboard/deal')
  const cards = page.locator('.mission-card')
  await expect(cards.first()).toBeVisible()
  const count = await cards.count()
  expect(count).toBeGreaterThan(3)
  const sources = new Set<string>()
  for (let index = 0; index < count; index += 1) {
    const card = cards.nth(index)
    await card.scrollIntoViewIfNeeded()
    const picture = card.locator('img').first()
    const logo = card.locator('.provider-logo')
    await expect(logo).toHaveCount(1)
    for (const image of [picture, logo]) {
      await expect
        .poll(() =>
          image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0),
        )
        .toBe(true)
    }
    sources.add((await picture.getAttribute('src')) ?? '')
  }
  // No shared placeholder: each mission its own art.
  expect(sources.size).toBe(count)
  expect([...sources].every((source) => source.includes('/uploads/demo/'))).toBe(true)
  // The header names the account menu and shows the user's initials beside it.
  const account = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Account' })
  await expect(account.getByTestId('avatar-initials')).toHaveText('L')
  await page.context().close()
})
