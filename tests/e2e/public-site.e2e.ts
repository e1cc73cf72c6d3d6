/**
 * The public site end to end: server-rendered pages hydrate without console errors, the
 * FAQ searches and opens entries, the language survives a reload, and the contact and newsletter
 * flows go through the real local SMTP server of serve.mjs.
 */
import { expect, type Page, test } from '@playwright/test'
import { hydrated } from './hydrated'
import { mailsTo } from './mail-box'

/** Console errors and React hydration warnings of a page, collected from its first script on. */
function watchConsole(page: Page): string[] {
  const problems: string[] = []
  page.on('console', (message) => {
    const text = message.text()
    if (message.type() === 'error' || /hydrat/i.test(text)) problems.push(`${message.type()}: ${text}`)
  })
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`))
  return problems
}

for (const path of ['/', '/faq', '/faq/how-to-start', '/terms']) {
  test(`${path} is server-rendered and hydrates without console errors`, async ({ page, request }) => {
    const html = await (await request.get(path)).text()
    expect(html).toContain('$_TSR.router=')
    const problems = watchConsole(page)
    await page.goto(path)
    await hydrated(page)
    await expect(page.locator('h1').first()).toBeVisible()
    expect(problems).toEqual([])
  })
}

test('the FAQ is grouped by topic, searchable, and opens an entry without a second fetch', async ({
  page,
}) => {
  const contentCalls: string[] = []
  page.on('request', (request) => {
    if (request.url().includes('/api/resources/translation/faq/')) contentCalls.push(request.url())
  })
  await page.goto('/faq')
  await hydrated(page)
  await expect(page.getByRole('heading', { level: 2, name: 'Payments' })).toBeVisible()
  await page.getByLabel('Search the questions').fill('widget')
  await expect(page.getByRole('link', { name: 'How do I get started?' })).toBeVisible()
  await page.getByLabel('Search the questions').fill('zzzz-nothing')
  await expect(page.getByText('No question matches your search.', { exact: false })).toBeVisible()
  await page.getByLabel('Search the questions').fill('')
  await page.getByRole('link', { name: 'How do I get started?' }).click()
  await expect(page).toHaveURL(/\/faq\/how-to-start$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('How do I get started?')
  await expect(page.locator('.markdown ol li').first()).toBeVisible()
  await expect(page).toHaveTitle(/How do I get started\? · Streamdeals/)
  // The server's data was reused: neither the hydration nor the navigation fetched the FAQ again.
  expect(contentCalls).toEqual([])
})

test('an unknown FAQ entry answers 404 with the not-found page', async ({ page }) => {
  const response = await page.goto('/faq/no-such-question')
  expect(response?.status()).toBe(404)
  await expect(page.getByText('This page could not be found')).toBeVisible()
})

test('switching to Spanish re-renders the page, and the server renders Spanish after a reload', async ({
  page,
}) => {
  await page.goto('/terms')
  await hydrated(page)
  await page.locator('.desktop-nav').getByLabel('Language').selectOption('es')
  await expect(page.locator('h1')).toHaveText('Condiciones de uso')
  await expect(page.locator('html')).toHaveAttribute('lang', 'es')
  await page.reload()
  await expect(page.locator('html')).toHaveAttribute('lang', 'es')
  await expect(page.locator('h1')).toHaveText('Condiciones de uso')
  await page.locator('.desktop-nav').getByLabel('Idioma').selectOption('en')
  await expect(page.locator('h1')).toHaveText('Terms of use')
})

test('the contact form validates, then sends the message to support by e-mail', async ({ page }) => {
  const subject = `Question ${Date.now()}`
  await page.goto('/faq')
  await hydrated(page)
  await page.locator('.contact').getByRole('link', { name: 'Contact us' }).click()
  const form = page.getByRole('form', { name: 'Contact us' })
  await form.getByRole('button', { name: 'Send the message' }).click()
  await expect(form.getByText('This field is required.').first()).toBeVisible()
  await form.getByLabel('Your name').fill('Ana Streamer')
  await form.getByLabel('Your e-mail address').fill('ana@example.test')
  await form.getByLabel('Subject').fill(subject)
  await form.getByLabel('Message').fill('When is my first payout sent?')
  await form.getByRole('button', { name: 'Send the message' }).click()
  await expect(page.getByText('Your message has been sent', { exact: false })).toBeVisible()
  await expect.poll(() => mailsTo('admin@streamdeals.test').some((raw) => raw.includes(subject))).toBe(true)
})

test('newsletter double opt-in: the mailed link confirms the subscription', async ({ page }) => {
  const email = `fan${Date.now()}@example.test`
  await page.goto('/')
  await hydrated(page)
  // The form loads as it comes into view.
  await page.getByRole('heading', { name: 'Get the new missions by e-mail' }).scrollIntoViewIfNeeded()
  const form = page.getByRole('form', { name: 'Newsletter' })
  await form.getByLabel('Your e-mail address').fill(email)
  await form.getByRole('button', { name: 'Subscribe' }).click()
  await expect(page.getByText(`we sent a confirmation link to ${email}`, { exact: false })).toBeVisible()
  let link = ''
  await expect
    .poll(() => {
      link = /https?:\/\/\S+action=confirm/.exec(mailsTo(email)[0] ?? '')?.[0] ?? ''
      return link
    })
    .not.toBe('')
  await page.goto(new URL(link).pathname + new URL(link).search)
  await expect(page.getByText('Your subscription is confirmed.')).toBeVisible()
})

test('robots.txt and sitemap.xml are served', async ({ request }) => {
  expect(await (await request.get('/robots.txt')).text()).toContain('Sitemap:')
  expect(await (await request.get('/sitemap.xml')).text()).toContain('/faq/how-to-start</loc>')
})
