/**
 * One language everywhere, in French: mission texts on the dashboard's lists, a
 * deal's overview, tips and tools, the brand's text on the tips and on a mission's preview, and the
 * goal widget; labels instead of raw enum values; DD/MM/YYYY
 * in a date field and in the offline strip; and the account's e-mail in French.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, type Page, test } from '@playwright/test'
import sharp from 'sharp'
import { storeSession } from './stored-session'

const password = 'Streamer-password-1'

/** A mail's raw source with quoted-printable undone (soft breaks, `=C3=A9` bytes), to read its words. */
const readable = (raw: string) =>
  Buffer.from(
    raw
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    'latin1',
  ).toString('utf8')

/** The newest mail to `address` that the e2e SMTP server filed (as JSON), decoded; '' when none yet. */
function mailTo(address: string): string {
  const dir = join(process.env.E2E_RUN_DIR ?? '', 'mail')
  let files: string[] = []
  try {
    files = readdirSync(dir).sort().reverse()
  } catch {
    return ''
  }
  for (const file of files) {
    const mail = JSON.parse(readFileSync(join(dir, file), 'utf8')) as { to: string[]; raw: string }
    if (mail.to.includes(address)) return readable(mail.raw)
  }
  return ''
}

async function switchLanguage(page: Page, locale: string) {
  await page
    .locator('.desktop-nav')
    .getByLabel(/Language|Langue|Idioma/)
    .selectOption(locale)
  await expect(page.locator('html')).toHaveAttribute('lang', locale)
}

test('a French streamer reads missions, labels, dates and mails in French', async ({ browser, request }) => {
  // A whole streamer's journey through six pages, a widget and a mailbox, on a shared machine.
  test.setTimeout(150_000)
  const username = `fr${Date.now().toString(36)}`
  const email = `${username}@example.test`
  // The app sends its language with every call: signing up from a French page.
  const signup = await request.post('/api/oauth/signup', {
    headers: { 'accept-language': 'fr' },
    data: { username, email, plainPassword: password },
  })
  expect(signup.status()).toBe(201)
  const { code: token, user } = await signup.json()
  const auth = { authorization: `Bearer ${token}` }

  // The verification mail is in French.
  await expect.poll(() => mailTo(email), { timeout: 15_000 }).toContain(`Bonjour ${username}`)
  expect(mailTo(email)).toContain('Confirmer mon adresse')
  expect(mailTo(email)).not.toContain('Confirm my address')

  const taken = await request.post(`/api/deals/subscriptions/starfall-launch/${username}`, { headers: auth })
  expect(taken.status()).toBe(201)

  // An English browser: the app starts in English, then the streamer switches to French.
  const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 800 } })
  await storeSession(context, token, user)
  const page = await context.newPage()
  await page.goto('/dashboard/deal')
  const lists = page.locator('.section-content')
  await expect(lists).toContainText('Play Starfall Odyssey live')
  await expect(lists).toContainText('Recruit new tank commanders')

  await switchLanguage(page, 'fr')
  // Without a reload, both lists read their missions again, in French.
  await expect(lists).toContainText('Jouez à Starfall Odyssey en direct')
  await expect(lists).toContainText('Recrutez de nouveaux commandants de char')
  await expect(lists).not.toContainText('Play Starfall Odyssey live')
  await expect(lists).not.toContainText('Recruit new tank commanders')

  // The deal's overview, tips and tools.
  await page.goto('/dashboard/deal/inprogress/starfall-launch')
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr')
  await expect(lists).toContainText('Jouez à Starfall Odyssey en direct')
  await expect(lists).toContainText('Diffusez au moins une heure de Starfall Odyssey')
  await page.goto('/dashboard/deal/inprogress/starfall-launch/tips')
  await expect(lists).toContainText('Épinglez le lien dans le chat')
  await expect(lists).not.toContainText('Pin the link in chat')
  // The brand's own text, below the tips, is French too.
  await expect(lists).toContainText('Studio indépendant à l’origine de Starfall Odyssey')
  await expect(lists).not.toContainText('Independent studio behind Starfall Odyssey')

  // A mission's preview before taking it: its brand block in French.
  await page.goto('/dashboard/deal/available/armored-front-recruits')
  const brand = page.getByRole('region', { name: 'À propos de Armored Front' })
  await expect(brand).toContainText('Batailles de chars en free-to-play\u202f: 15 contre 15')
  await expect(brand).not.toContainText('Free-to-play tank battles')
  await page.goto('/dashboard/deal/inprogress/starfall-launch/tools')
  await expect(lists).toContainText('Lien de suivi')
  await expect(lists).toContainText('Jouez à Starfall Odyssey en direct')
  const widgetUrl = await page.getByTestId('widget-url').inputValue()

  // The goal widget, opened by an English OBS browser with no saved language: its owner's French.
  const obs = await browser.newContext({ locale: 'en-US' })
  const overlay = await obs.newPage()
  await overlay.goto(widgetUrl)
  const widget = overlay.getByTestId('goal-widget')
  await expect(widget).toContainText('Jouez à Starfall Odyssey en direct')
  await expect(widget).toContainText(/0,15\s€ par clic/)
  await obs.close()

  // The wallet form: the date of birth reads and takes DD/MM/YYYY, and refuses a day that is none.
  await page.goto('/dashboard/deal/payment')
  const birthDate = page.getByLabel('Date de naissance')
  await expect(birthDate).toHaveAttribute('placeholder', 'JJ/MM/AAAA')
  await birthDate.fill('31/02/1990')
  await birthDate.press('Tab')
  await expect(birthDate).toHaveAttribute('aria-invalid', 'true')
  await birthDate.fill('10/12/1990')
  await birthDate.press('Tab')
  await expect(birthDate).toHaveValue('10/12/1990')
  await expect(birthDate).not.toHaveAttribute('aria-invalid', 'true')
  await page.getByLabel('Prénom').fill('Ada')
  await page.getByLabel('Nom', { exact: true }).fill('Lovelace')
  await page.getByLabel('Adresse', { exact: true }).fill('1 rue de la Paix')
  await page.getByLabel('Code postal').fill('75002')
  await page.getByLabel('Ville').fill('Paris')
  await page.getByRole('button', { name: 'Créer mon portefeuille' }).click()
  await expect(page.getByTestId('wallet-balance')).toHaveText(/0,00/)
  // The wallet keeps the day typed: 10 December, not 12 October.
  const wallet = await request.get(`/api/wallets/user/${username}`, { headers: auth })
  expect((await wallet.json()).person.birthDate).toBe('1990-12-10')

  // A certification document's kind, in French, with its date as DD/MM/YYYY.
  await page.goto('/dashboard/account/certification')
  const photo = await sharp({ create: { width: 320, height: 200, channels: 3, background: '#888' } })
    .jpeg()
    .toBuffer()
  await page
    .getByLabel('Fichier')
    .setInputFiles({ name: 'id-card.jpg', mimeType: 'image/jpeg', buffer: photo })
  await page.getByRole('button', { name: 'Envoyer pour vérification' }).click()
  const documents = page.getByRole('region', { name: 'Vos documents' })
  await expect(documents).toContainText('Pièce d’identité')
  await expect(documents).toContainText('En attente de vérification')
  await expect(documents).toContainText(/\d{2}\/\d{2}\/\d{4}/)
  await expect(documents).not.toContainText('identity')

  // Certified, with a bank account, and 5 € earned: below the 10 € payout minimum.
  const adminLogin = await request.post('/api/oauth/signin', {
    data: { username: 'admin', plainPassword: 'Admin-password-1' },
  })
  const adminAuth = { authorization: `Bearer ${(await adminLogin.json()).code}` }
  const queue = await (await request.get('/api/admin/kyc', { headers: adminAuth })).json()
  const document = queue.items.find((item: { username: string }) => item.username === username)
  const review = await request.put(`/api/admin/kyc/${document.id}`, {
    headers: adminAuth,
    data: { status: 'verified' },
  })
  expect(review.status()).toBeLessThan(300)
  const bank = await request.post(`/api/wallets/user/${username}/bank-account`, {
    headers: auth,
    data: { holderName: 'Ada Lovelace', iban: 'FR7630006000011234567890189' },
  })
  expect(bank.status()).toBeLessThan(300)
  const credit = await request.post(`/api/admin/wallets/${username}/adjustments`, {
    headers: adminAuth,
    data: { amount: 500, reason: 'Bonus de campagne' },
  })
  expect(credit.status()).toBe(201)

  await page.goto('/dashboard/deal/payment')
  await expect(page.getByTestId('wallet-balance')).toHaveText(/5,00/)
  // No error about an amount nobody typed: the notice speaks of the balance.
  await expect(page.getByText(/Les versements commencent à 10,00\s€/)).toBeVisible()
  await expect(page.getByText('Le montant est inférieur au minimum de versement.')).toHaveCount(0)
  // A transaction's kind, in French.
  const transactions = page.getByRole('region', { name: 'Transactions' }).getByRole('listitem')
  await expect(transactions.filter({ hasText: 'Bonus de campagne' })).toContainText('Ajustement')
  await expect(transactions.filter({ hasText: 'Bonus de campagne' })).toContainText(/\d{2}\/\d{2}\/\d{4}/)
  await expect(transactions.first()).not.toContainText('adjustment')

  // Offline, the strip says when the data was last synced, as DD/MM/YYYY HH:mm.
  await page.goto('/dashboard/deal')
  await expect(lists).toContainText('Jouez à Starfall Odyssey en direct')
  await context.setOffline(true)
  await expect(page.getByTestId('last-synced')).toHaveText(
    /^Dernière synchronisation \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/,
  )
  await context.setOffline(false)
  await context.close()
})
