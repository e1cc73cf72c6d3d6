import { afterAll, beforeAll, expect, test } from 'vitest'
import { createTestApp, type TestApp } from '../support/test-app'
import { bearer, createTestUser } from '../support/test-users'
import { type LocalSmtp, startSmtp } from './auth-helpers'

let smtp: LocalSmtp
let harness: TestApp

beforeAll(async () => {
  smtp = await startSmtp()
  harness = await createTestApp({
    env: {
      SMTP_URL: smtp.url,
      ADMIN_USERNAME: 'boss',
      ADMIN_EMAIL: 'support@streamdeals.test',
      ADMIN_PASSWORD: 'Admin-password-1',
    },
  })
})
afterAll(async () => {
  await harness.close()
  await smtp.close()
})

const unfold = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=')
const tokenIn = (raw: string) => /newsletter=([\w-]+)&action=confirm/.exec(unfold(raw))?.[1]

test('the featured selection lists published missions in the locale asked for', async () => {
  const response = await harness.app.inject({ url: '/api/core/selection/featured?locale=fr' })
  expect(response.statusCode).toBe(200)
  const body = response.json<{ id: string; items: { code: string; status: string }[] }>()
  expect(body.id).toBe('featured')
  expect(body.items.length).toBeGreaterThan(0)
  expect(body.items.every((mission) => mission.status === 'published')).toBe(true)
  expect((await harness.app.inject({ url: '/api/core/selection/nope' })).statusCode).toBe(404)
})

test('a contact message is stored, mailed to support and listed for admins only', async () => {
  const mail = smtp.nextMail('support@streamdeals.test', 'Payout question')
  const sent = await harness.app.inject({
    method: 'POST',
    url: '/api/core/contact',
    payload: {
      name: 'Ana',
      email: 'ana@example.test',
      subject: 'Payout question',
      message: 'When am I paid?',
    },
  })
  expect(sent.statusCode).toBe(201)
  expect(unfold((await mail).raw)).toContain('When am I paid?')
  const admin = await createTestUser(harness.app, { admin: true })
  const list = await harness.app.inject({ url: '/api/admin/contact', headers: bearer(admin) })
  expect(list.json<{ items: { subject: string }[] }>().items.map((item) => item.subject)).toContain(
    'Payout question',
  )
  const user = await createTestUser(harness.app)
  expect((await harness.app.inject({ url: '/api/admin/contact', headers: bearer(user) })).statusCode).toBe(
    403,
  )
})

test('a contact message with a bad address is refused field by field', async () => {
  const sent = await harness.app.inject({
    method: 'POST',
    url: '/api/core/contact',
    payload: { name: '', email: 'nope', subject: 'x', message: 'y' },
  })
  expect(sent.statusCode).toBe(400)
  const errors = sent.json<{ errors: { children: Record<string, { errors: string[] }> } }>().errors.children
  expect(errors.email?.errors).toContain('validation.email')
  expect(errors.name?.errors).toContain('validation.required')
})

test('newsletter double opt-in: pending until the mailed link confirms, then unsubscribe works', async () => {
  const mail = smtp.nextMail('fan@example.test', 'newsletter=')
  const subscribed = await harness.app.inject({
    method: 'POST',
    url: '/api/newsletter/user',
    payload: { email: 'Fan@example.test', locale: 'fr' },
  })
  expect(subscribed.statusCode).toBe(202)
  const raw = (await mail).raw
  expect(unfold(raw)).toContain('Confirmer')
  const token = tokenIn(raw)
  expect(token).toBeTruthy()
  const admin = await createTestUser(harness.app, { admin: true })
  const status = async () =>
    (await harness.app.inject({ url: '/api/admin/newsletter', headers: bearer(admin) }))
      .json<{ items: { email: string; status: string }[] }>()
      .items.find((item) => item.email === 'Fan@example.test')?.status
  expect(await status()).toBe('pending')
  const confirm = await harness.app.inject({
    method: 'PUT',
    url: `/api/newsletter/token/${token}`,
    payload: { action: 'confirm' },
  })
  expect(confirm.json()).toEqual({ status: 'confirmed' })
  expect(await status()).toBe('confirmed')
  const unsubscribe = await harness.app.inject({
    method: 'PUT',
    url: `/api/newsletter/token/${token}`,
    payload: { action: 'unsubscribe' },
  })
  expect(unsubscribe.json()).toEqual({ status: 'unsubscribed' })
  const bad = await harness.app.inject({
    method: 'PUT',
    url: '/api/newsletter/token/not-a-token',
    payload: { action: 'confirm' },
  })
  expect(bad.statusCode).toBe(404)
})

test('the subscribers export is CSV, defuses formulas and is audited', async () => {
  await harness.app.inject({
    method: 'POST',
    url: '/api/newsletter/user',
    payload: { email: 'csv@example.test' },
  })
  const admin = await createTestUser(harness.app, { admin: true })
  const csv = await harness.app.inject({
    url: '/api/admin/newsletter/export',
    headers: { ...bearer(admin), accept: 'text/csv' },
  })
  expect(csv.headers['content-type']).toContain('text/csv')
  expect(csv.body.split('\r\n')[0]).toBe('email,locale,status,confirmed_at,created_at')
  expect(csv.body).toContain('"csv@example.test"')
  const audit = await harness.app.inject({ url: '/api/admin/audit', headers: bearer(admin) })
  if (audit.statusCode === 200) expect(audit.body).toContain('newsletter.export')
})

test('admins edit and create content; the public endpoint serves the change at once', async () => {
  const admin = await createTestUser(harness.app, { admin: true })
  const list = await harness.app.inject({
    url: '/api/admin/content?domain=faq&locale=es',
    headers: bearer(admin),
  })
  const [first] = list.json<{ items: { id: string; code: string; locale: string }[] }>().items
  expect(first?.locale).toBe('es')
  const updated = await harness.app.inject({
    method: 'PUT',
    url: `/api/admin/content/${first?.id}`,
    headers: bearer(admin),
    payload: { title: '¿Pregunta editada?', body: 'Respuesta **nueva**.' },
  })
  expect(updated.statusCode).toBe(200)
  const faq = await harness.app.inject({ url: '/api/resources/translation/faq/es' })
  expect(faq.body).toContain('¿Pregunta editada?')
  const created = await harness.app.inject({
    method: 'PUT',
    url: '/api/admin/content/new',
    headers: bearer(admin),
    payload: {
      domain: 'faq',
      locale: 'en',
      code: 'brand-new',
      title: 'New?',
      body: 'Yes.',
      topic: 'Account',
    },
  })
  expect(created.statusCode).toBe(200)
  const again = await harness.app.inject({
    method: 'PUT',
    url: '/api/admin/content/new',
    headers: bearer(admin),
    payload: { domain: 'faq', locale: 'en', code: 'brand-new', title: 'New?', body: 'Yes.' },
  })
  expect(again.statusCode).toBe(409)
  // The new English entry fills in for the locales that lack it.
  expect((await harness.app.inject({ url: '/api/resources/translation/faq/fr' })).body).toContain('brand-new')
  const user = await createTestUser(harness.app)
  const denied = await harness.app.inject({
    method: 'PUT',
    url: `/api/admin/content/${first?.id}`,
    headers: bearer(user),
    payload: { title: 'x', body: 'y' },
  })
  expect(denied.statusCode).toBe(403)
})

test('newsletter sign-ups for one address stop after three mails an hour, with Retry-After', async () => {
  const subscribe = () =>
    harness.app.inject({
      method: 'POST',
      url: '/api/newsletter/user',
      payload: { email: 'flooded@example.test' },
    })
  for (let attempt = 0; attempt < 3; attempt++) expect((await subscribe()).statusCode).toBe(202)
  const refused = await subscribe()
  expect(refused.statusCode).toBe(429)
  expect(refused.json().code).toBe('RATE_LIMITED')
  expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
})
