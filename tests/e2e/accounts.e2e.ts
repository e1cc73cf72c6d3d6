/**
 * Accounts end to end, as a new user would go: register through the modal (with and without a creator
 * code), see field errors, land on the deals, reload, log out, sign in, recover through the mailed
 * link, and use the mobile menu.
 */
import { join } from 'node:path'
import { expect, type Page, test } from '@playwright/test'
import { mailedLinks } from './mail-box'

const password = 'Str0ng-password'
const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`

/** The header's links open the modal (they work before hydration too, as links). */
async function openModal(page: Page, mode: 'Log in' | 'Sign up') {
  const header = page.locator('.desktop-nav')
  await header.getByRole('link', { name: mode, exact: true }).click()
  return page.getByRole('dialog')
}

async function register(page: Page, username: string, sponsor?: string) {
  const dialog = await openModal(page, 'Sign up')
  await dialog.getByLabel('Username').fill(username)
  await dialog.getByLabel('E-mail').fill(`${username}@example.test`)
  await dialog.getByLabel('Password').fill(password)
  if (sponsor) {
    await dialog.getByRole('button', { name: 'I have a creator code' }).click()
    await dialog.getByLabel('Creator code').fill(sponsor)
  }
  await dialog.getByRole('button', { name: 'Sign up' }).click()
  await expect(page).toHaveURL(/\/dashboard\/deal$/)
}

const stored = (page: Page, key: string) => page.evaluate((name) => localStorage.getItem(name), key)

/** The reset link of the newest mail to `address` that has one. */
async function resetLinkFor(address: string): Promise<string> {
  await expect.poll(() => mailedLinks(address, 'reset').length).toBeGreaterThan(0)
  return mailedLinks(address, 'reset').at(-1) ?? ''
}

test('register with field errors, stay signed in, log out for real, sign in again', async ({
  page,
  request,
}) => {
  await page.goto('/')
  const dialog = await openModal(page, 'Sign up')
  await expect(dialog.getByLabel('Creator code')).toHaveCount(0)
  await dialog.getByLabel('Username').fill('admin')
  await dialog.getByLabel('E-mail').fill(`${unique('taken')}@example.test`)
  await dialog.getByLabel('Password').fill('weakpass')
  await dialog.getByRole('button', { name: 'Sign up' }).click()
  await expect(dialog.getByText('Use at least 8 characters with an upper-case letter')).toBeVisible()

  await dialog.getByLabel('Password').fill(password)
  await dialog.getByRole('button', { name: 'Sign up' }).click()
  await expect(dialog.getByText('This username is already taken.')).toBeVisible()
  await expect(page.getByText('Registration failed. Check the form and try again.')).toBeVisible()
  await expect(dialog.locator('.spinner')).toHaveCount(0)

  const username = unique('e2e')
  await dialog.getByLabel('Username').fill(username)
  await dialog.getByRole('button', { name: 'Sign up' }).click()
  await expect(page).toHaveURL(/\/dashboard\/deal$/)
  expect(JSON.parse((await stored(page, 'user')) ?? '{}').username).toBe(username)

  await page.reload()
  await expect(page).toHaveURL(/\/dashboard\/deal$/)
  const nav = page.locator('.desktop-nav')
  await nav.getByRole('button', { name: 'Account' }).click()
  await expect(nav.getByRole('link', { name: 'Personal' })).toBeVisible()
  // No wallet yet: the account menu keeps only what comes before business.
  await expect(nav.getByRole('link', { name: 'Business' })).toHaveCount(0)
  await expect(nav.getByRole('link', { name: 'Bank' })).toHaveCount(0)
  await expect(nav.getByRole('link', { name: 'Certification' })).toHaveCount(0)

  const token = await stored(page, 'token')
  const before = await request.get(`/api/user/${username}/plateform`, {
    headers: { authorization: `Bearer ${token}` },
  })
  expect(before.status()).toBe(200)
  await nav.getByRole('link', { name: 'Log out' }).click()
  await expect(page).toHaveURL(/\/$/)
  await expect(page.locator('.desktop-nav').getByRole('link', { name: 'Log in', exact: true })).toBeVisible()
  expect(await stored(page, 'token')).toBeNull()
  const after = await request.get(`/api/user/${username}/plateform`, {
    headers: { authorization: `Bearer ${token}` },
  })
  expect(after.status()).toBe(401)

  const login = await openModal(page, 'Log in')
  await login.getByLabel('Username').fill(username)
  await login.getByLabel('Password').fill('Wrong-passw0rd')
  await login.getByRole('button', { name: 'Log in' }).click()
  await expect(login.getByText('Invalid username or password.')).toBeVisible()
  await login.getByLabel('Password').fill(password)
  await login.getByRole('button', { name: 'Log in' }).click()
  await expect(page).toHaveURL(/\/dashboard\/deal$/)
})

test('register with a creator code, then recover the password through the mailed link', async ({ page }) => {
  await page.goto('/')
  const sponsorName = unique('sponsor')
  await register(page, sponsorName)
  const creatorCode = JSON.parse((await stored(page, 'user')) ?? '{}').creatorCode as string
  await page.goto('/logout')
  await expect(page).toHaveURL(/\/$/)

  const username = unique('fan')
  await register(page, username, creatorCode)
  expect(JSON.parse((await stored(page, 'user')) ?? '{}').sponsor).toBe(creatorCode)
  await page.goto('/logout')
  await expect(page).toHaveURL(/\/$/)

  const dialog = await openModal(page, 'Log in')
  await dialog.getByRole('button', { name: 'Forgot your password?' }).click()
  await dialog.getByLabel('Username or e-mail').fill(username)
  await dialog.getByRole('button', { name: 'Send me a recovery link' }).click()
  await expect(dialog.getByText(/we have sent it a link/)).toBeVisible()

  const link = await resetLinkFor(`${username}@example.test`)
  await page.goto(link)
  await page.getByLabel('New password', { exact: true }).fill('N3w-password')
  await page.getByLabel('Repeat the new password').fill('N3w-password')
  await page.getByRole('button', { name: 'Save and sign in' }).click()
  await expect(page).toHaveURL(/\/dashboard\/deal$/)

  await page.goto('/logout')
  const login = await openModal(page, 'Log in')
  await login.getByLabel('Username').fill(username)
  await login.getByLabel('Password').fill('N3w-password')
  await login.getByRole('button', { name: 'Log in' }).click()
  await expect(page).toHaveURL(/\/dashboard\/deal$/)
})

test('the mobile menu at 390x844 mirrors the header menus', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/')
  await expect(page.locator('.desktop-nav')).toBeHidden()
  await page.getByLabel('Open the menu').click()
  const panel = page.getByRole('navigation', { name: 'Mobile menu' })
  await panel.getByRole('link', { name: 'Sign up' }).click()
  const dialog = page.getByRole('dialog')
  const username = unique('mobile')
  await dialog.getByLabel('Username').fill(username)
  await dialog.getByLabel('E-mail').fill(`${username}@example.test`)
  await dialog.getByLabel('Password').fill(password)
  await dialog.getByRole('button', { name: 'Sign up' }).click()
  await expect(page).toHaveURL(/\/dashboard\/deal$/)

  await page.getByLabel('Open the menu').click()
  for (const name of ['Available deals', 'Wallet', 'Personal', 'Log out']) {
    await expect(panel.getByRole('link', { name })).toBeVisible()
  }
  // No wallet yet: business, bank and certification wait for one.
  for (const name of ['Business', 'Bank', 'Certification'])
    await expect(panel.getByRole('link', { name })).toHaveCount(0)
  await page.screenshot({ path: join(process.env.E2E_RUN_DIR ?? '.', 'accounts-mobile-menu.png') })
  await panel.getByRole('link', { name: 'Personal' }).click()
  await expect(page).toHaveURL(/\/dashboard\/account$/)
  await expect(panel).toBeHidden()
  await expect(page.getByRole('heading', { name: 'Personal information' })).toBeVisible()
})
