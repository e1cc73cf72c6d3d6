import { randomBytes } from 'node:crypto'
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test'
import sharp from 'sharp'
import { storeSession } from './stored-session'

// A new user's way to money: wallet, bank account, certification reviewed by an admin, earnings,
// a payout seen pending and then paid. The admin acts in a browser of their own.

interface Session {
  code: string
  user: { username: string }
}

async function signUp(request: APIRequestContext): Promise<Session> {
  const username = `streamer_${randomBytes(3).toString('hex')}`
  const response = await request.post('/api/oauth/signup', {
    data: { username, email: `${username}@example.test`, plainPassword: 'Streamer-pass-1' },
  })
  expect(response.status()).toBe(201)
  return (await response.json()) as Session
}

async function signIn(request: APIRequestContext, username: string, plainPassword: string): Promise<Session> {
  const response = await request.post('/api/oauth/signin', { data: { username, plainPassword } })
  expect(response.ok()).toBe(true)
  return (await response.json()) as Session
}

/** Opens the app with a stored session, as the sign-in form leaves it (token and user). */
async function openAs(browser: Browser, session: Session): Promise<Page> {
  const context = await browser.newContext()
  await storeSession(context, session.code, session.user)
  return context.newPage()
}

async function accountEntries(page: Page): Promise<number> {
  const nav = page.getByRole('navigation', { name: 'Main' })
  await nav.getByRole('button', { name: 'Account' }).click()
  const panel = nav.locator('.dropdown-panel:visible')
  const count = await panel.getByRole('link').count()
  await page.keyboard.press('Escape')
  return count
}

test('a new user is paid: wallet, bank, certification, earnings, payout pending then paid', async ({
  browser,
  request,
}) => {
  const streamer = await signUp(request)
  const username = streamer.user.username
  const page = await openAs(browser, streamer)

  await page.goto('/dashboard/deal/payment')
  await expect(page.getByRole('heading', { name: 'Create your wallet' })).toBeVisible()
  expect(await accountEntries(page)).toBe(1)

  await page.getByLabel('First name').fill('Ada')
  await page.getByLabel('Last name').fill('Lovelace')
  await page.getByLabel('Date of birth').fill('1990-12-10')
  await page.getByLabel('Address', { exact: true }).fill('1 rue de la Paix')
  await page.getByLabel('Postal code').fill('75002')
  await page.getByLabel('City').fill('Paris')
  await page.getByRole('button', { name: 'Create my wallet' }).click()
  await expect(page.getByTestId('wallet-balance')).toHaveText(/€0\.00/)
  await expect.poll(() => accountEntries(page)).toBe(4)

  await page.goto('/dashboard/account/bank')
  await page.getByLabel('Account holder').fill('Ada Lovelace')
  await page.getByLabel('IBAN').fill('FR76 3000 6000 0112 3456 7890 188')
  await expect(page.getByText('This IBAN’s check digits are wrong', { exact: false })).toBeVisible()
  await page.getByLabel('IBAN').fill('FR76 3000 6000 0112 3456 7890 189')
  await expect(page.getByText('This IBAN is valid.')).toBeVisible()
  await page.getByRole('button', { name: 'Add account' }).click()
  await expect(page.getByTestId('bank-account')).toContainText('FR76 •••• •••• 0189')
  await expect(page.getByTestId('bank-account')).toContainText('Default')

  await page.goto('/dashboard/account/certification')
  const photo = await sharp({ create: { width: 320, height: 200, channels: 3, background: '#888' } })
    .jpeg()
    .toBuffer()
  await page.getByLabel('File').setInputFiles({ name: 'id-card.jpg', mimeType: 'image/jpeg', buffer: photo })
  await page.getByRole('button', { name: 'Send for review' }).click()
  await expect(page.getByTestId('certification-status')).toContainText('being reviewed')

  const adminSession = await signIn(request, 'admin', 'Admin-password-1')
  const admin = await openAs(browser, adminSession)
  await admin.goto('/admin/kyc')
  const row = admin.getByTestId('kyc-row').filter({ hasText: username })
  await row.getByRole('button', { name: 'Verify' }).click()
  await expect(row).toHaveCount(0)

  // Earnings arrive (an operator credit here; deal earnings take the same ledger path).
  const credit = await request.post(`/api/admin/wallets/${username}/adjustments`, {
    headers: { authorization: `Bearer ${adminSession.code}` },
    data: { amount: 5000, reason: 'Campaign bonus' },
  })
  expect(credit.status()).toBe(201)

  await page.goto('/dashboard/deal/payment')
  await expect(page.getByTestId('wallet-balance')).toHaveText(/€50\.00/)
  await page.getByLabel('Amount (EUR)').fill('20')
  await page.getByRole('button', { name: 'Request payout' }).click()
  await expect(page.getByTestId('payout-row').first()).toContainText('Pending')
  await expect(page.getByTestId('wallet-balance')).toHaveText(/€30\.00/)

  await admin.goto('/admin/payouts')
  const payoutRow = admin.getByTestId('payout-admin-row').filter({ hasText: username })
  await payoutRow.getByRole('button', { name: 'Mark paid' }).click()
  await admin.getByRole('dialog').getByRole('button', { name: 'Mark paid' }).click()
  await expect(payoutRow).toHaveCount(0)

  // The socket pushes wallet:updated; the open page refetches and shows the payout paid.
  await expect(page.getByTestId('payout-row').first()).toContainText('Paid')
})
