/**
 * A brand owner sets up an integration in the portal, at a desktop and a phone width: adds a webhook
 * and sees its signing secret once, creates a read-only API key and sees it once, then the key works on
 * the brand API (and is refused on a write), and once revoked is refused everywhere.
 */
import { expect, test } from '@playwright/test'
import { sendFrom } from './built-server'
import { storeSession } from './stored-session'

const base = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 4310)}`
// The demo brand owners `npm start` seeds (README, demo section).
const BRAND_PASSWORD = 'Demo-brand-2026'
const screens = '/work/notes/screens/integrators'

const viewports = {
  desktop: { width: 1280, height: 800, provider: 'armored-front', from: '127.0.0.91' },
  phone: { width: 390, height: 844, provider: 'arcade-hub', from: '127.0.0.92' },
}

for (const [name, viewport] of Object.entries(viewports)) {
  test(`an owner adds a webhook and an API key, the key reads and is then revoked (${name})`, async ({
    browser,
  }) => {
    const username = `${viewport.provider}-brand`
    const signin = await sendFrom(base, 'POST', '/api/oauth/signin', {
      from: viewport.from,
      body: { username, plainPassword: BRAND_PASSWORD },
    })
    expect(signin.status, JSON.stringify(signin.body)).toBe(200)
    const context = await browser.newContext({ viewport: { width: viewport.width, height: viewport.height } })
    await storeSession(context, signin.body.code as string, signin.body.user)
    const page = await context.newPage()
    await page.goto(`/dashboard/provider/${viewport.provider}`)
    const panel = page.locator('#integrations')
    await panel.getByRole('button', { name: 'Webhooks and API keys', exact: true }).click()
    await expect(panel.getByRole('heading', { name: 'Webhooks' })).toBeVisible()

    // A private address is refused under the field, in words.
    await panel.getByLabel('Receiver URL').fill('https://10.0.0.8/hook')
    await panel.getByRole('button', { name: 'Add the webhook' }).click()
    await expect(panel.getByText('Use an https address on the public internet')).toBeVisible()
    // A public one is added: its signing secret shows once.
    await panel.getByLabel('Receiver URL').fill(`https://93.184.216.34/${name}-hook`)
    await panel.getByLabel('Goal reached').check()
    await panel.getByRole('button', { name: 'Add the webhook' }).click()
    const secret = panel.getByTestId('secret-once')
    await expect(secret.locator('code')).toHaveText(/^whsec_/)
    await secret.getByRole('button', { name: 'I have stored it' }).click()
    await expect(panel.getByTestId('webhook-card').filter({ hasText: `${name}-hook` })).toBeVisible()

    // A read-only key, shown once.
    await panel.getByLabel('Name').fill(`reporting ${name}`)
    await panel.getByLabel('Access').selectOption('read')
    await panel.getByRole('button', { name: 'Create the key' }).click()
    const key = (await panel.getByTestId('secret-once').locator('code').textContent()) ?? ''
    expect(key).toMatch(/^sdk_live_/)
    await page.screenshot({ path: `${screens}/integrations-${name}.png`, fullPage: true })
    await panel.getByRole('button', { name: 'I have stored it' }).click()
    const row = panel.getByTestId('api-key-row').filter({ hasText: `reporting ${name}` })
    await expect(row).toContainText('Read only')
    await expect(panel.getByText(key)).toHaveCount(0)

    // The key reads the brand's missions, is refused a write, and after revoking is refused.
    const auth = { authorization: `Bearer ${key}` }
    const missions = await sendFrom(base, 'GET', `/api/providers/${viewport.provider}/missions`, {
      from: viewport.from,
      headers: auth,
    })
    expect(missions.status).toBe(200)
    const code = (missions.body.items as Array<{ code: string }>)[0]?.code ?? 'none'
    const write = await sendFrom(base, 'PUT', `/api/providers/${viewport.provider}/missions/${code}/state`, {
      from: viewport.from,
      headers: auth,
      body: { status: 'paused' },
    })
    expect(write.status).toBe(403)
    page.once('dialog', (dialog) => dialog.accept())
    await row.getByRole('button', { name: 'Revoke' }).click()
    const confirmDialog = page.getByRole('alertdialog').or(page.getByRole('dialog'))
    await confirmDialog
      .getByRole('button', { name: /Revoke|Confirm|OK/ })
      .last()
      .click()
    await expect(row).toContainText('Revoked')
    await page.screenshot({ path: `${screens}/integrations-${name}-revoked.png`, fullPage: true })
    const after = await sendFrom(base, 'GET', `/api/providers/${viewport.provider}/missions`, {
      from: viewport.from,
      headers: auth,
    })
    expect(after.status).toBe(401)
    await context.close()
  })
}
