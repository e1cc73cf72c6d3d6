/**
 * Routes and menus as promised: the account menu without a wallet, and the status
 * and page of an address no route has, online and offline.
 */
import { type APIRequestContext, expect, type Page, test } from '@playwright/test'
import { appShellPages, serverRenderedPages, unknownPages } from '../support/spec-pages'

const password = 'Conform-pass-1'

async function signUp(request: APIRequestContext): Promise<{ username: string; code: string }> {
  const username = `spec${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`
  const response = await request.post('/api/oauth/signup', {
    data: { username, email: `${username}@example.test`, plainPassword: password },
  })
  expect(response.status()).toBe(201)
  return { username, code: ((await response.json()) as { code: string }).code }
}

async function accountMenu(page: Page): Promise<string[]> {
  const nav = page.locator('.desktop-nav')
  await nav.getByRole('button', { name: 'Account' }).click()
  const links = await nav.locator('.dropdown-panel:visible').getByRole('link').allTextContents()
  await page.keyboard.press('Escape')
  return links
}

test('without a wallet the account menu keeps only the entries before business', async ({
  page,
  request,
}) => {
  const { username, code } = await signUp(request)
  await page.goto('/?auth=login')
  const dialog = page.getByRole('dialog')
  await dialog.getByLabel('Username').fill(username)
  await dialog.getByLabel('Password').fill(password)
  await dialog.getByRole('button', { name: 'Log in' }).click()
  await expect(page).toHaveURL(/\/dashboard\/deal$/)
  expect(await accountMenu(page)).toEqual(['Personal'])

  await page.setViewportSize({ width: 390, height: 844 })
  await page.getByLabel('Open the menu').click()
  const panel = page.getByRole('navigation', { name: 'Mobile menu' })
  await expect(panel.getByRole('link', { name: 'Personal' })).toBeVisible()
  for (const name of ['Business', 'Bank', 'Certification']) {
    await expect(panel.getByRole('link', { name })).toHaveCount(0)
  }
  await page.getByLabel('Close the menu').click()
  await page.setViewportSize({ width: 1280, height: 720 })

  const wallet = await request.post(`/api/wallets/user/${username}`, {
    headers: { authorization: `Bearer ${code}` },
    data: {
      kind: 'person',
      person: {
        firstName: 'Ada',
        lastName: 'Spec',
        birthDate: '1990-04-01',
        address: { line1: '1 rue du Train', city: 'Lyon', postalCode: '69001', country: 'FR' },
      },
    },
  })
  expect(wallet.status()).toBeLessThan(300)
  await page.reload()
  await expect.poll(() => accountMenu(page)).toEqual(['Personal', 'Business', 'Bank', 'Certification'])
})

const realPages = [...serverRenderedPages, ...appShellPages]
// A FAQ entry that does not exist: the server looks it up before answering.
const missingPages = [...unknownPages, '/faq/no-such-question']

test('the server answers 200 for every route and 404 for an address no route has', async ({ request }) => {
  for (const url of realPages) {
    const response = await request.get(url, { maxRedirects: 0 })
    expect(response.status(), url).toBe(200)
  }
  for (const url of missingPages) {
    const response = await request.get(url)
    expect(response.status(), url).toBe(404)
    expect(await response.text(), url).toContain('This page could not be found')
  }
})

test('an unknown address shows the not-found page with a way home, online and offline', async ({
  page,
  context,
}) => {
  const response = await page.goto('/this/does/not/exist')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { name: 'This page could not be found' })).toBeVisible()
  await page.getByRole('link', { name: 'Back to the home page' }).click()
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('This page could not be found')

  // Offline, the service worker answers navigations with the app shell: the router still says
  // not found, not a browser error page or a blank one.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 30_000,
  })
  await context.setOffline(true)
  try {
    await page.goto('/dashboard/nope')
    await expect(page.getByRole('heading', { name: 'This page could not be found' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Back to the home page' })).toBeVisible()
  } finally {
    await context.setOffline(false)
  }
})
