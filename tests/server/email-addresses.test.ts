/**
 * Attacker's tests: the newsletter and sign-up forms mail whatever address they accept. Addresses
 * mail systems reject or read differently (doubled or leading dots, an empty label) are refused on the
 * email field before anything is mailed; international domains are real addresses and are accepted.
 */
import { afterAll, beforeAll, expect, test } from 'vitest'
import { call } from '../support/call'
import { createTestApp, type TestApp } from '../support/test-app'
import { type LocalSmtp, startSmtp } from './auth-helpers'

let smtp: LocalSmtp
let harness: TestApp
let address = 0

beforeAll(async () => {
  smtp = await startSmtp()
  harness = await createTestApp({ seed: false, env: { SMTP_URL: smtp.url } })
})
afterAll(async () => {
  await harness?.close()
  await smtp?.close()
})

/** Each request from its own address, so the per-address form limits never decide a case. */
const nextAddress = () => {
  address += 1
  return `198.51.100.${address}`
}

const subscribe = (email: string) =>
  call(harness.app, 'newsletterSubscribe', { body: { email }, remoteAddress: nextAddress() })

const signup = (email: string, username: string) =>
  call(harness.app, 'signup', {
    body: { username, email, plainPassword: 'Secret123' },
    remoteAddress: nextAddress(),
  })

const malformed = [
  'multiple..dots@gmail.com',
  '.lead@example.com',
  'trail.@example.com',
  'a@b..com',
  'a@.example.com',
  'a@example.com.',
  'a@ｇｍａｉｌ.com',
  `${'a'.repeat(65)}@example.com`,
]

test.each(malformed)('the newsletter and sign-up refuse %s on the email field', async (email) => {
  const newsletter = await subscribe(email)
  expect(newsletter.statusCode).toBe(400)
  expect(newsletter.json().errors.children.email.errors).toEqual(['validation.email'])
  const account = await signup(email, `dots_${address}`)
  expect(account.statusCode).toBe(400)
  expect(account.json().errors.children.email.errors).toEqual(['validation.email'])
})

test('an international domain, in Unicode or in its xn-- form, signs up and subscribes', async () => {
  // The mail server may be handed either form of the domain: both are the same mailbox.
  const confirmation = Promise.race([
    smtp.nextMail('leser@bücher.de', 'newsletter='),
    smtp.nextMail('leser@xn--bcher-kva.de', 'newsletter='),
  ])
  expect((await subscribe('leser@bücher.de')).statusCode).toBe(202)
  expect((await confirmation).raw).toContain('newsletter=')
  expect((await subscribe('leser@xn--bcher-kva.de')).statusCode).toBe(202)
  const unicode = await signup('autor@bücher.de', 'buecher_autor')
  expect(unicode.statusCode).toBe(201)
  const ascii = await signup('verlag@xn--bcher-kva.de', 'buecher_verlag')
  expect(ascii.statusCode).toBe(201)
})
