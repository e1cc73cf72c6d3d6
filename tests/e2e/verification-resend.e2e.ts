/**
 * A new verification link on request: from the page an expired or spent link opens,
 * signed out, and from the account page; the mail arrives; asking again at once is refused with the wait.
 */
import { type APIRequestContext, expect, test } from '@playwright/test'
import { mailedLinks } from './mail-box'

const password = 'Str0ng-password'
const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`

async function signUp(request: APIRequestContext) {
  const username = unique('resend')
  const email = `${username}@example.test`
  const response = await request.post('/api/oauth/signup', {
    data: { username, email, plainPassword: password },
  })
  expect(response.status()).toBe(201)
  const body = await response.json()
  await expect.poll(() => mailedLinks(email, 'verify').length).toBe(1)
  return { username, email, token: body.code as string, user: body.user }
}

test('an expired link asks for a new one, signed out, and the new mail confirms the address', async ({
  page,
  request,
}) => {
  const account = await signUp(request)
  const [first] = mailedLinks(account.email, 'verify')
  // A newer link spends the first one: changing the address mails a new link at once, no limit spent.
  const moved = `${account.username}.new@example.test`
  const change = await request.put(`/api/user/${account.username}`, {
    headers: { authorization: `Bearer ${account.token}` },
    data: { email: moved, currentPassword: password },
  })
  expect(change.status()).toBe(200)
  await expect.poll(() => mailedLinks(moved, 'verify').length).toBe(1)

  await page.goto(new URL(first ?? '').pathname + new URL(first ?? '').search)
  await expect(page.getByRole('alert')).toContainText('This link is no longer valid')
  await page.getByRole('button', { name: 'Send me a new confirmation link' }).click()
  await expect(page.getByRole('status')).toContainText('A new link is on its way to your mailbox')
  await expect.poll(() => mailedLinks(moved, 'verify').length).toBe(2)

  const fresh = mailedLinks(moved, 'verify')[1] ?? ''
  await page.goto(new URL(fresh).pathname + new URL(fresh).search)
  await expect(page.getByText('Your e-mail address is confirmed. Thank you!')).toBeVisible()
})

test('the account page sends a new link once, then says how long to wait', async ({ page, request }) => {
  const account = await signUp(request)
  await page.goto('/')
  await page.evaluate(
    ({ token, user }) => {
      localStorage.setItem('token', token)
      localStorage.setItem('user', JSON.stringify(user))
    },
    { token: account.token, user: account.user },
  )
  await page.goto('/dashboard/account')
  await expect(page.getByText('Not confirmed yet')).toBeVisible()
  // Twitch is not configured on the e2e server: nothing about it is shown (the admin sees why).
  await expect(page.getByRole('heading', { name: 'Connected platforms' })).toHaveCount(0)
  await expect(page.getByText('not available on this server')).toHaveCount(0)
  await page.getByRole('button', { name: 'Send me a new confirmation link' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'A new link is on its way' })).toContainText(
    account.email,
  )
  await expect.poll(() => mailedLinks(account.email, 'verify').length).toBe(2)

  await page.reload()
  await page.getByRole('button', { name: 'Send me a new confirmation link' }).click()
  const refusal = page.getByRole('alert').filter({ hasText: 'A link was sent a moment ago' })
  await expect(refusal).toBeVisible()
  await expect(refusal).toContainText(/ask again in \d+ seconds/)
  // Refused means refused: no third mail.
  await page.waitForTimeout(500)
  expect(mailedLinks(account.email, 'verify')).toHaveLength(2)
})
