/**
 * A brand invitation end to end: an admin invites an address, its owner opens the mailed link signed
 * out, creates an account with that address from the link's page, comes back to it, accepts, and lands
 * on the brand; the same link opened again says it was already accepted.
 */
import { expect, test } from '@playwright/test'
import { sendFrom } from './built-server'
import { mailedLinks } from './mail-box'

const base = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 4310)}`
const password = 'Str0ng-password'

test('the invited address signs up from the mailed link, accepts, and lands on the brand', async ({
  page,
}) => {
  const signin = await sendFrom(base, 'POST', '/api/oauth/signin', {
    from: '127.0.0.1',
    body: { username: 'admin', plainPassword: 'Admin-password-1' },
  })
  expect(signin.status).toBe(200)
  const admin = { authorization: `Bearer ${signin.body.code as string}` }
  const providers = await sendFrom(base, 'GET', '/api/admin/providers', { from: '127.0.0.1', headers: admin })
  const nova = (providers.body.items as { id: string; slug: string }[]).find((p) => p.slug === 'nova-games')
  if (!nova) throw new Error('the demo provider nova-games is missing')
  const username = `invitee${Date.now().toString(36)}`
  const email = `${username}@brand.example`
  const invited = await sendFrom(base, 'POST', `/api/admin/providers/${nova.id}/members`, {
    from: '127.0.0.1',
    headers: admin,
    body: { email, role: 'member' },
  })
  expect(invited.status).toBe(201)
  await expect.poll(() => mailedLinks(email, 'invite').length).toBe(1)
  const link = new URL(mailedLinks(email, 'invite')[0] ?? '')

  await page.goto(`${link.pathname}${link.search}`)
  await expect(page.getByRole('heading', { name: 'Brand invitation', level: 1 })).toBeVisible()
  await page.getByRole('link', { name: 'Create an account' }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByLabel('Username').fill(username)
  await dialog.getByLabel('E-mail').fill(email)
  await dialog.getByLabel('Password').fill(password)
  await dialog.getByRole('button', { name: 'Sign up' }).click()
  // Back on the link's page, signed in: it says who would join.
  await expect(page.getByText(`You are signed in as ${username} (${email})`)).toBeVisible()
  await page.getByRole('button', { name: 'Accept the invitation' }).click()
  await expect(page).toHaveURL(/\/dashboard\/provider\/nova-games$/)

  await page.goto(`${link.pathname}${link.search}`)
  await page.getByRole('button', { name: 'Accept the invitation' }).click()
  await expect(page.getByRole('alert')).toContainText('This invitation was already accepted')
})
