import { afterAll, beforeAll, expect, test } from 'vitest'
import { call } from '../support/call'
import { testAppPerFile } from '../support/test-app'
import { makeUser } from '../support/test-users'
import { type LocalSmtp, startSmtp } from './auth-helpers'

let smtp: LocalSmtp
beforeAll(async () => {
  smtp = await startSmtp()
})
afterAll(async () => {
  await smtp.close()
})
const harness = testAppPerFile(() => ({
  env: {
    SMTP_URL: smtp.url,
    ADMIN_USERNAME: 'boss',
    ADMIN_EMAIL: 'support@streamdeals.test',
    ADMIN_PASSWORD: 'Admin-password-1',
  },
}))

const unfold = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=')
const tokenIn = (raw: string) => /newsletter=([\w-]+)&action=confirm/.exec(unfold(raw))?.[1]

test('the featured selection lists published missions in the locale asked for', async () => {
  const response = await call(harness.app, 'selection', {
    params: { id: 'featured' },
    query: { locale: 'fr' },
  })
  expect(response.statusCode).toBe(200)
  const body = response.answer()
  expect(body.id).toBe('featured')
  expect(body.items.length).toBeGreaterThan(0)
  expect(body.items.every((mission) => mission.status === 'published')).toBe(true)
  expect((await call(harness.app, 'selection', { params: { id: 'nope' } })).statusCode).toBe(404)
})

test('a contact message is stored, mailed to support and listed for admins only', async () => {
  const mail = smtp.nextMail('support@streamdeals.test', 'Payout question')
  const sent = await call(harness.app, 'contact', {
    body: { name: 'Ana', email: 'ana@example.test', subject: 'Payout question', message: 'When am I paid?' },
  })
  expect(sent.statusCode).toBe(201)
  expect(unfold((await mail).raw)).toContain('When am I paid?')
  const admin = await makeUser(harness.app, { admin: true })
  const list = await call(harness.app, 'adminContactMessages', { as: admin })
  expect(list.answer().items.map((item) => item.subject)).toContain('Payout question')
  const user = await makeUser(harness.app, { via: 'signup' })
  expect((await call(harness.app, 'adminContactMessages', { as: user })).statusCode).toBe(403)
})

test('a contact message with a bad address is refused field by field', async () => {
  const sent = await call(harness.app, 'contact', {
    body: { name: '', email: 'nope', subject: 'x', message: 'y' },
  })
  expect(sent.statusCode).toBe(400)
  const errors = sent.json<{ errors: { children: Record<string, { errors: string[] }> } }>().errors.children
  expect(errors.email?.errors).toContain('validation.email')
  expect(errors.name?.errors).toContain('validation.required')
})

test('newsletter double opt-in: pending until the mailed link confirms, then unsubscribe works', async () => {
  const mail = smtp.nextMail('fan@example.test', 'newsletter=')
  const subscribed = await call(harness.app, 'newsletterSubscribe', {
    body: { email: 'Fan@example.test', locale: 'fr' },
  })
  expect(subscribed.statusCode).toBe(202)
  const raw = (await mail).raw
  expect(unfold(raw)).toContain('Confirmer')
  const token = tokenIn(raw)
  expect(token).toBeTruthy()
  const admin = await makeUser(harness.app, { admin: true })
  const status = async () =>
    (await call(harness.app, 'adminNewsletter', { as: admin }))
      .answer()
      .items.find((item) => item.email === 'Fan@example.test')?.status
  expect(await status()).toBe('pending')
  const confirm = await call(harness.app, 'newsletterToken', {
    params: { token: token ?? '' },
    body: { action: 'confirm' },
  })
  expect(confirm.json()).toEqual({ status: 'confirmed' })
  expect(await status()).toBe('confirmed')
  const unsubscribe = await call(harness.app, 'newsletterToken', {
    params: { token: token ?? '' },
    body: { action: 'unsubscribe' },
  })
  expect(unsubscribe.json()).toEqual({ status: 'unsubscribed' })
  const bad = await call(harness.app, 'newsletterToken', {
    params: { token: 'not-a-token' },
    body: { action: 'confirm' },
  })
  expect(bad.statusCode).toBe(404)
})

test('the subscribers export is CSV, defuses formulas and is audited', async () => {
  await call(harness.app, 'newsletterSubscribe', { body: { email: 'csv@example.test' } })
  const admin = await makeUser(harness.app, { admin: true })
  const csv = await call(harness.app, 'adminNewsletterExport', { as: admin, headers: { accept: 'text/csv' } })
  expect(csv.headers['content-type']).toContain('text/csv')
  expect(csv.body.split('\r\n')[0]).toBe('email,locale,status,confirmed_at,created_at')
  expect(csv.body).toContain('"csv@example.test"')
  const audit = await call(harness.app, 'adminAudit', { as: admin })
  if (audit.statusCode === 200) expect(audit.body).toContain('newsletter.export')
})

test('admins edit and create content; the public endpoint serves the change at once', async () => {
  const admin = await makeUser(harness.app, { admin: true })
  const list = await call(harness.app, 'adminContent', { as: admin, query: { domain: 'faq', locale: 'es' } })
  const [first] = list.answer().items
  expect(first?.locale).toBe('es')
  const id = first?.id ?? ''
  const updated = await call(harness.app, 'adminContentUpdate', {
    as: admin,
    params: { id },
    body: { title: '¿Pregunta editada?', body: 'Respuesta **nueva**.' },
  })
  expect(updated.statusCode).toBe(200)
  const faq = await call(harness.app, 'translation', { params: { domain: 'faq', local: 'es' } })
  expect(faq.body).toContain('¿Pregunta editada?')
  const brandNew = { domain: 'faq', locale: 'en', code: 'brand-new', title: 'New?', body: 'Yes.' } as const
  const create = (body: typeof brandNew & { topic?: string }) =>
    call(harness.app, 'adminContentUpdate', { as: admin, params: { id: 'new' }, body })
  expect((await create({ ...brandNew, topic: 'Account' })).statusCode).toBe(200)
  expect((await create(brandNew)).statusCode).toBe(409)
  // The new English entry fills in for the locales that lack it.
  const french = await call(harness.app, 'translation', { params: { domain: 'faq', local: 'fr' } })
  expect(french.body).toContain('brand-new')
  const user = await makeUser(harness.app, { via: 'signup' })
  const denied = await call(harness.app, 'adminContentUpdate', {
    as: user,
    params: { id },
    body: { title: 'x', body: 'y' },
  })
  expect(denied.statusCode).toBe(403)
})

test('newsletter sign-ups for one address stop after three mails an hour, with Retry-After', async () => {
  const subscribe = () =>
    call(harness.app, 'newsletterSubscribe', { body: { email: 'flooded@example.test' } })
  for (let attempt = 0; attempt < 3; attempt++) expect((await subscribe()).statusCode).toBe(202)
  const refused = await subscribe()
  expect(refused.statusCode).toBe(429)
  expect(refused.json().code).toBe('RATE_LIMITED')
  expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
})
