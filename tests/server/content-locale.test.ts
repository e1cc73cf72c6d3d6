/**
 * One language everywhere: mission texts in the reader's locale wherever a signed-in user
 * reads them, the goal widget in its owner's saved language, account mails in the recipient's, and
 * English wherever a translation is missing.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { users } from '#server/db/schema.ts'
import { accountMailText } from '#server/features/auth/auth-mails.ts'
import { call } from '../support/call'
import { createTestApp, type TestApp } from '../support/test-app'
import { makeUser, type TestUser } from '../support/test-users'
import { type LocalSmtp, startSmtp, strongPassword, uniqueName } from './auth-helpers'
import { makeMission } from './deals-fixtures'

let testApp: TestApp
let smtp: LocalSmtp
let owner: TestUser
let code: string

beforeAll(async () => {
  smtp = await startSmtp()
  testApp = await createTestApp({ env: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://deals.example.test' } })
  owner = await makeUser(testApp.app, { username: uniqueName('locale') })
  // Title in English and French only; description and tips in English only.
  code = await makeMission(testApp.app)
  const taken = await call(testApp.app, 'subscriptionCreate', {
    params: { code, username: owner.username },
    headers: owner.auth,
  })
  expect(taken.statusCode).toBe(201)
})

afterAll(async () => {
  await testApp?.close()
  await smtp?.close()
})

/** A mail's raw source with quoted-printable undone (soft breaks, `=C3=A9` bytes), to read its words. */
const readable = (raw: string) =>
  Buffer.from(
    raw
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    'latin1',
  ).toString('utf8')

/** The owner's deal on the mission, in the locale asked or by the headers given. */
const ownDeal = (locale?: string, headers: Record<string, string> = {}) =>
  call(testApp.app, 'userDeal', {
    params: { username: owner.username, code },
    ...(locale ? { query: { locale } } : {}),
    headers: { ...owner.auth, ...headers },
  })

test('the deal list and a deal answer in the locale asked, English where a text is untranslated', async () => {
  const list = (
    await call(testApp.app, 'userDeals', {
      params: { username: owner.username },
      query: { locale: 'fr' },
      headers: owner.auth,
    })
  ).json()
  const listed = list.items.find((item: { mission: { code: string } }) => item.mission.code === code)
  expect(listed.mission.title).toMatch(/^Mission de test/)
  expect(listed.mission.description).toBe('A mission made by a test.')

  const detail = (await ownDeal('fr')).json()
  expect(detail.mission.title).toMatch(/^Mission de test/)
  expect(detail.mission.tips).toBe('Share the link.')

  // No Spanish title: the English one, not an empty string.
  const spanish = (await ownDeal('es')).json()
  expect(spanish.mission.title).toMatch(/^Test mission/)
  // The explicit locale wins over the header; the header decides without it.
  const byHeader = (await ownDeal(undefined, { 'accept-language': 'fr' })).json()
  expect(byHeader.mission.title).toMatch(/^Mission de test/)
})

test('the goal widget speaks its owner’s saved language, whatever the OBS browser’s', async () => {
  const deal = (await ownDeal()).json()
  const widget = (locale: string, query: { locale?: string } = {}) =>
    call(testApp.app, 'widget', {
      params: { token: deal.widgetToken },
      query,
      headers: { 'accept-language': locale },
    })
  await testApp.app.db.update(users).set({ locale: 'fr' }).where(eq(users.id, owner.id))
  const french = (await widget('en-US')).json()
  expect(french).toMatchObject({ locale: 'fr' })
  expect(french.missionTitle).toMatch(/^Mission de test/)

  await testApp.app.db.update(users).set({ locale: 'es' }).where(eq(users.id, owner.id))
  const spanish = (await widget('fr')).json()
  expect(spanish.locale).toBe('es')
  expect(spanish.missionTitle).toMatch(/^Test mission/)
  // `?locale=` overrides the owner's choice (a streamer's second overlay for another audience).
  expect((await widget('en', { locale: 'fr' })).json().missionTitle).toMatch(/^Mission de test/)
})

test('account mails go out in the recipient’s language', async () => {
  const username = uniqueName('mailfr')
  const email = `${username}@example.test`
  const signup = await call(testApp.app, 'signup', {
    headers: { 'accept-language': 'fr' },
    body: { username, email, plainPassword: strongPassword },
  })
  expect(signup.statusCode).toBe(201)
  expect(signup.json().user.locale).toBe('fr')
  const verify = readable((await smtp.nextMail(email, 'type=verify')).raw)
  expect(verify).toContain(`Bonjour ${username}`)
  expect(verify).toContain('Confirmer mon adresse')
  expect(verify).not.toContain('Hello')

  await testApp.app.db.update(users).set({ locale: 'es' }).where(eq(users.username, username))
  await call(testApp.app, 'recovery', { body: { username } })
  const reset = readable((await smtp.nextMail(email, 'type=reset')).raw)
  expect(reset).toContain(`Hola ${username}`)
  expect(reset).toContain('Elegir una nueva contraseña')
})

test('a mail without a translation in the recipient’s language is in English, never mixed', () => {
  expect(accountMailText('verify', 'de').subject).toBe('Confirm your e-mail address')
  expect(accountMailText('reset', null).hello).toBe('Hello')
  expect(accountMailText('verify', 'fr').subject).toBe('Confirmez votre adresse e-mail')
})
