/**
 * Sessions end gracefully: a session revoked on the server ends in the page as a
 * logout does (the user's offline data gone from this browser), the login modal says why, and
 * signing in leads back to the page; a signed-out visit to a dashboard page does the same. Never the
 * raw error page.
 */
import { join } from 'node:path'
import { type APIRequestContext, expect, type Page, test } from '@playwright/test'

const password = 'Session-pass-1'
const artifacts = join(import.meta.dirname, 'artifacts')

interface Account {
  username: string
  id: string
}

async function signUp(request: APIRequestContext, withWallet: boolean): Promise<Account> {
  const username = `ended${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`
  const response = await request.post('/api/oauth/signup', {
    data: { username, email: `${username}@example.test`, plainPassword: password },
  })
  expect(response.status()).toBe(201)
  const { code, user } = (await response.json()) as { code: string; user: { id: string } }
  if (withWallet) {
    const wallet = await request.post(`/api/wallets/user/${username}`, {
      headers: { authorization: `Bearer ${code}` },
      data: {
        kind: 'person',
        person: {
          firstName: 'Ada',
          lastName: 'Ended',
          birthDate: '1990-04-01',
          address: { line1: '1 rue du Train', city: 'Lyon', postalCode: '69001', country: 'FR' },
        },
      },
    })
    expect(wallet.status()).toBeLessThan(300)
  }
  return { username, id: user.id }
}

/** Signs in through the modal that is open. */
async function logIn(page: Page, username: string) {
  const dialog = page.getByRole('dialog')
  await dialog.getByLabel('Username').fill(username)
  await dialog.getByLabel('Password').fill(password)
  await dialog.getByRole('button', { name: 'Log in' }).click()
}

/** What this browser keeps of the user: the session, the first-screen copy, the persisted cache. */
function storedUserData(page: Page, userId: string) {
  return page.evaluate(async (id) => {
    const persisted = await new Promise<string[]>((resolve) => {
      const open = indexedDB.open('keyval-store')
      open.onsuccess = () => {
        const db = open.result
        if (!db.objectStoreNames.contains('keyval')) return resolve([])
        const keys = db.transaction('keyval').objectStore('keyval').getAllKeys()
        keys.onsuccess = () => resolve(keys.result.map(String).filter((key) => key.includes(id)))
        keys.onerror = () => resolve([])
      }
      open.onerror = () => resolve([])
    })
    return {
      token: localStorage.getItem('token'),
      user: localStorage.getItem('user'),
      firstScreen: localStorage.getItem(`streamdeals-first-screen:${id}`) !== null,
      persisted,
    }
  }, userId)
}

/** Revokes the page's session on the server, as a logout from elsewhere does. */
async function revoke(page: Page, request: APIRequestContext) {
  const token = await page.evaluate(() => localStorage.getItem('token'))
  const response = await request.post('/api/oauth/logout', { headers: { authorization: `Bearer ${token}` } })
  expect(response.status()).toBeLessThan(300)
}

test('a session revoked elsewhere ends in the page: data wiped, modal, and back to the page after login', async ({
  page,
  request,
}) => {
  const account = await signUp(request, true)
  await page.goto('/?auth=login')
  await logIn(page, account.username)
  await expect(page).toHaveURL(/\/dashboard\/deal$/)
  await page.goto('/dashboard/account/bank')
  await expect(page.getByLabel('IBAN')).toBeVisible()
  // The user's data is in this browser: the session, and the cache kept for an offline start.
  await expect
    .poll(async () => {
      const stored = await storedUserData(page, account.id)
      return stored.token !== null && stored.firstScreen && stored.persisted.length > 0
    })
    .toBe(true)

  await page.getByLabel('Account holder').fill('Ada Ended')
  await page.getByLabel('IBAN').fill('FR76 3000 6000 0112 3456 7890 189')
  await revoke(page, request)
  // Acting in the page: saving the bank account is refused with 401. The page may also learn of the
  // revocation on its own first (its socket is cut, a background refresh is refused) and take the
  // form away before the click lands: either way the session must end as below, so a click that
  // finds no button is not a failure.
  await page
    .getByRole('button', { name: 'Add account' })
    .click({ timeout: 5_000 })
    .catch(() => undefined)

  const dialog = page.getByRole('dialog')
  await expect(dialog.getByText('Your session has ended')).toBeVisible()
  await expect(dialog.getByLabel('Username')).toBeVisible()
  await expect(page.getByText('Something went wrong')).toHaveCount(0)
  await expect(page.getByText('401')).toHaveCount(0)
  await expect(page).toHaveURL(/[?&]auth=login/)
  await expect(page).toHaveURL(/redirect=%2Fdashboard%2Faccount%2Fbank/)
  // Logged out as by logout: nothing of the user's is left in this browser.
  await expect
    .poll(() => storedUserData(page, account.id))
    .toEqual({ token: null, user: null, firstScreen: false, persisted: [] })
  await expect(page.locator('.desktop-nav').getByRole('link', { name: 'Log in', exact: true })).toBeVisible()

  await page.setViewportSize({ width: 1280, height: 800 })
  await page.screenshot({ path: join(artifacts, 'session-ended-1280.png') })
  await page.setViewportSize({ width: 390, height: 844 })
  await page.screenshot({ path: join(artifacts, 'session-ended-390.png') })
  await page.setViewportSize({ width: 1280, height: 720 })

  await logIn(page, account.username)
  await expect(page).toHaveURL(/\/dashboard\/account\/bank$/)
  await expect(page.getByLabel('IBAN')).toBeVisible()
  await expect(page.getByRole('dialog')).toHaveCount(0)
})

test('a reload with a revoked session opens the login modal, never the raw 401 page', async ({
  page,
  request,
}) => {
  const account = await signUp(request, true)
  await page.goto('/?auth=login')
  await logIn(page, account.username)
  await expect(page).toHaveURL(/\/dashboard\/deal$/)
  await page.getByRole('navigation', { name: 'Deals' }).getByRole('link', { name: 'Wallet' }).click()
  await expect(page).toHaveURL(/\/dashboard\/deal\/payment$/)

  await revoke(page, request)
  await page.reload()
  const dialog = page.getByRole('dialog')
  await expect(dialog.getByText('Your session has ended')).toBeVisible()
  await expect(page.getByText('Something went wrong')).toHaveCount(0)
  await expect(page.getByText(/401|Unauthorized/)).toHaveCount(0)
  expect(await storedUserData(page, account.id)).toMatchObject({ token: null, firstScreen: false })

  await logIn(page, account.username)
  await expect(page).toHaveURL(/\/dashboard\/deal\/payment$/)
})

test('a signed-out visit to a dashboard page opens the login modal and leads back there', async ({
  page,
  request,
}) => {
  const account = await signUp(request, true)
  await page.goto('/dashboard/account/bank')
  await expect(page).toHaveURL(/^[^?]*\/\?auth=login&redirect=%2Fdashboard%2Faccount%2Fbank$/)
  const dialog = page.getByRole('dialog')
  await expect(dialog.getByRole('heading', { name: 'Log in' })).toBeVisible()
  // Nobody's session ended here: no such message.
  await expect(dialog.getByText('Your session has ended')).toHaveCount(0)
  await logIn(page, account.username)
  await expect(page).toHaveURL(/\/dashboard\/account\/bank$/)
  await expect(page.getByLabel('IBAN')).toBeVisible()

  // Another dashboard page, through the sign-up link of the same modal: the way back holds.
  await page.goto('/logout')
  await expect(page).toHaveURL(/\/$/)
  await page.goto('/dashboard/deal/completed')
  await expect(page).toHaveURL(/redirect=%2Fdashboard%2Fdeal%2Fcompleted/)
  await page.getByRole('dialog').getByRole('button', { name: 'No account yet? Sign up' }).click()
  await expect(page).toHaveURL(/auth=register&redirect=%2Fdashboard%2Fdeal%2Fcompleted/)
  const username = `back${Date.now().toString(36)}`
  await dialog.getByLabel('Username').fill(username)
  await dialog.getByLabel('E-mail').fill(`${username}@example.test`)
  await dialog.getByLabel('Password').fill(password)
  await dialog.getByRole('button', { name: 'Sign up' }).click()
  await expect(page).toHaveURL(/\/dashboard\/deal\/completed$/)
})

test('a wrong password in the login modal is a form error, not a session ending', async ({
  page,
  request,
}) => {
  const account = await signUp(request, false)
  await page.goto('/dashboard/deal/payment')
  const dialog = page.getByRole('dialog')
  await dialog.getByLabel('Username').fill(account.username)
  await dialog.getByLabel('Password').fill('Wrong-passw0rd')
  await dialog.getByRole('button', { name: 'Log in' }).click()
  await expect(dialog.getByText('Invalid username or password.')).toBeVisible()
  await expect(dialog.getByText('Your session has ended')).toHaveCount(0)
  await expect(page).toHaveURL(/redirect=%2Fdashboard%2Fdeal%2Fpayment/)
  await logIn(page, account.username)
  await expect(page).toHaveURL(/\/dashboard\/deal\/payment$/)
})
