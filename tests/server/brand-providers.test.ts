/** The brand portal's providers: applying, approval, the profile, members and invitations. */
import { and, eq } from 'drizzle-orm'
import sharp from 'sharp'
import { expect, test } from 'vitest'
import { auditLog, providers, users } from '#server/db/schema.ts'
import { appWithMail, linkToken, signin, signup, strongPassword, uniqueName } from './auth-helpers'
import { makeBrand, makeMember, multipartForm } from './brand-fixtures'
import { makeUser, type TestUser } from './deals-fixtures'

const mail = appWithMail()

const call = (
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  who: { auth: Record<string, string> } | null,
  payload?: object,
) => mail.app.inject({ method, url, headers: who ? who.auth : {}, ...(payload ? { payload } : {}) })

/**
 * A brand account signed up through the API, as the registration form's "I represent a brand" makes
 * it, with its address confirmed through the mailed link unless told otherwise.
 */
async function brandAccount(options: { verified?: boolean } = {}) {
  const username = uniqueName('brand')
  const email = `${username}@example.test`
  const response = await mail.post('/api/oauth/signup', {
    username,
    email,
    plainPassword: strongPassword,
    kind: 'provider',
  })
  expect(response.statusCode).toBe(201)
  expect(response.json().user.kind).toBe('provider')
  if (options.verified ?? true) {
    const token = linkToken(await mail.smtp.nextMail(email, 'Confirm your e-mail address'), 'verify')
    expect((await mail.post('/api/oauth/verify', { token })).statusCode).toBe(200)
  }
  return { username, email, auth: { authorization: `Bearer ${response.json().code}` } }
}

test('a brand account applies: the provider is pending, its slug made from the name, the applicant its owner', async () => {
  const brand = await brandAccount()
  const applied = await call('POST', '/api/providers', brand, {
    name: 'Nébula Games',
    description: { en: 'Space' },
  })
  expect(applied.statusCode).toBe(201)
  expect(applied.json()).toMatchObject({
    slug: 'nebula-games',
    status: 'pending',
    role: 'owner',
    theme: 'default',
  })
  // The same name again gets a number; a chosen slug already taken is a field error.
  const again = await call('POST', '/api/providers', brand, { name: 'Nebula games' })
  expect(again.json().slug).toBe('nebula-games-2')
  const taken = await call('POST', '/api/providers', brand, { name: 'Other', slug: 'nebula-games' })
  expect(taken.statusCode).toBe(409)
  expect(taken.json().errors.children.slug.errors).toEqual(['provider.slug_taken'])
  const mine = (await call('GET', '/api/providers', brand)).json()
  expect(mine.items.map((item: { slug: string }) => item.slug).sort()).toEqual([
    'nebula-games',
    'nebula-games-2',
  ])
  const [row] = await mail.app.db.select().from(providers).where(eq(providers.slug, 'nebula-games'))
  expect(row?.status).toBe('pending')
})

test('an account whose address is not confirmed cannot apply (it would own the brand); once confirmed it can', async () => {
  const unproven = await brandAccount({ verified: false })
  const refused = await call('POST', '/api/providers', unproven, { name: 'Squatted Brand' })
  expect(refused.statusCode).toBe(403)
  expect(refused.json().errors.errors).toEqual(['email.unverified'])
  expect((await call('GET', '/api/providers', unproven)).json().items).toEqual([])
  const token = linkToken(await mail.smtp.nextMail(unproven.email, 'Confirm your e-mail address'), 'verify')
  expect((await mail.post('/api/oauth/verify', { token })).statusCode).toBe(200)
  expect((await call('POST', '/api/providers', unproven, { name: 'Squatted Brand' })).statusCode).toBe(201)
})

test('a streamer account cannot apply for a provider (403), and bad input is a field error', async () => {
  const streamer = await signup(mail.app)
  expect((await call('POST', '/api/providers', streamer, { name: 'Sneaky' })).statusCode).toBe(403)
  const brand = await brandAccount()
  const bad = await call('POST', '/api/providers', brand, { name: '', slug: 'Bad Slug', theme: 'pink' })
  expect(bad.statusCode).toBe(400)
  expect(Object.keys(bad.json().errors.children)).toEqual(expect.arrayContaining(['name', 'slug', 'theme']))
  expect((await call('POST', '/api/providers', null, { name: 'Anon' })).statusCode).toBe(401)
})

test('no brand takes the slug of the portal page "new": chosen, it is a field error; made from the name, it becomes new-brand', async () => {
  const brand = await brandAccount()
  const chosen = await call('POST', '/api/providers', brand, { name: 'Newcomer', slug: 'new' })
  expect(chosen.statusCode).toBe(400)
  expect(Object.keys(chosen.json().errors.children)).toEqual(['slug'])
  const named = await call('POST', '/api/providers', brand, { name: 'New' })
  expect(named.statusCode).toBe(201)
  expect(named.json().slug).toBe('new-brand')
})

test('an admin approves a pending provider (audited); others cannot, and unknown ids are 404', async () => {
  const admin = await makeUser(mail.app, uniqueName('admin'), { admin: true })
  const pending = await makeBrand(mail.app, 'waiting-brand', 'pending')
  const owner = await makeMember(mail.app, pending, uniqueName('owner'))
  expect(
    (await call('PUT', `/api/admin/providers/${pending.id}/approval`, owner, { status: 'approved' }))
      .statusCode,
  ).toBe(403)
  const approved = await call('PUT', `/api/admin/providers/${pending.id}/approval`, admin, {
    status: 'approved',
  })
  expect(approved.statusCode).toBe(200)
  expect(approved.json()).toMatchObject({ slug: 'waiting-brand', status: 'approved' })
  expect((await call('GET', `/api/providers/${pending.slug}`, owner)).json().status).toBe('approved')
  const [entry] = await mail.app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'provider.approve'), eq(auditLog.target, 'provider:waiting-brand')))
  expect(entry?.actorId).toBe(admin.id)
  const unknown = '00000000-0000-4000-8000-000000000000'
  expect(
    (await call('PUT', `/api/admin/providers/${unknown}/approval`, admin, { status: 'approved' })).statusCode,
  ).toBe(404)
  expect(
    (await call('PUT', `/api/admin/providers/${pending.id}/approval`, admin, { status: 'pending' }))
      .statusCode,
  ).toBe(400)
  // Pending ones come first in the admin's list, so the tab shows what waits for a decision.
  await makeBrand(mail.app, 'zzz-pending', 'pending')
  const list = (await call('GET', '/api/admin/providers', admin)).json().items as { status: string }[]
  expect(list[0]?.status).toBe('pending')
})

test('owners edit the profile with a new logo; a plain member cannot; everyone in it sees the members', async () => {
  const brand = await makeBrand(mail.app, 'profile-brand')
  const owner: TestUser = await makeMember(mail.app, brand, uniqueName('owner'))
  const member = await makeMember(mail.app, brand, uniqueName('member'), 'member')
  const body = { name: 'Profile Brand', theme: 'nova', description: { en: 'New text', fr: 'Nouveau texte' } }
  expect((await call('PUT', `/api/providers/${brand.slug}`, member, body)).statusCode).toBe(403)
  const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#ff3366' } })
    .png()
    .toBuffer()
  const form = await multipartForm(body, { field: 'logo', bytes: png, type: 'image/png', name: 'logo.png' })
  const updated = await mail.app.inject({
    method: 'PUT',
    url: `/api/providers/${brand.slug}`,
    headers: { ...owner.auth, ...form.headers },
    payload: form.payload,
  })
  expect(updated.statusCode).toBe(200)
  expect(updated.json()).toMatchObject({
    name: 'Profile Brand',
    slug: 'profile-brand',
    theme: 'nova',
    role: 'owner',
    description: { en: 'New text', fr: 'Nouveau texte' },
    logo: { path: 'providers/', reference: expect.stringMatching(/\.webp$/) },
  })
  const members = (await call('GET', `/api/providers/${brand.slug}/members`, member)).json().items
  expect(members.map((item: { username: string; role: string }) => [item.username, item.role])).toEqual([
    [owner.username, 'owner'],
    [member.username, 'member'],
  ])
})

test('an admin invites a new address: nothing is attached until the mailed link is redeemed by an account with it', async () => {
  const admin = await makeUser(mail.app, uniqueName('admin'), { admin: true })
  const brand = await makeBrand(mail.app, 'invite-brand')
  const username = uniqueName('newbie')
  const email = `${username}@brand.example`
  const invited = await call('POST', `/api/admin/providers/${brand.id}/members`, admin, {
    email,
    role: 'owner',
  })
  expect(invited.statusCode).toBe(201)
  expect(invited.json()).toMatchObject({ email, role: 'owner', expiresAt: expect.any(String) })
  // No account is made for the address, and no membership exists yet.
  expect(await mail.app.db.select().from(users).where(eq(users.email, email))).toEqual([])
  expect((await call('GET', `/api/providers/${brand.slug}/members`, admin)).json().items).toEqual([])
  const token = linkToken(await mail.smtp.nextMail(email, 'Accept the invitation'), 'invite')
  // The invitee signs up with the address, then redeems the link signed in: the link proves the mailbox.
  const signedUp = await mail.post('/api/oauth/signup', {
    username,
    email,
    plainPassword: strongPassword,
    kind: 'provider',
  })
  const auth = { authorization: `Bearer ${signedUp.json().code}` }
  const redeemed = await call('POST', '/api/provider-invitations/redemption', { auth }, { token })
  expect(redeemed.statusCode).toBe(200)
  expect(redeemed.json()).toMatchObject({ slug: 'invite-brand', role: 'owner' })
  const [account] = await mail.app.db.select().from(users).where(eq(users.email, email))
  expect(account?.emailVerifiedAt).not.toBeNull()
  const mine = (await call('GET', '/api/providers', { auth })).json().items
  expect(mine.map((item: { slug: string; role: string }) => [item.slug, item.role])).toEqual([
    ['invite-brand', 'owner'],
  ])
  const [entry] = await mail.app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'provider.member_join'), eq(auditLog.target, 'provider:invite-brand')))
  expect(entry?.details).toMatchObject({ username, role: 'owner' })
})

test('inviting an existing account leaves its password alone and joins it only through the link; bad input is 400', async () => {
  const admin = await makeUser(mail.app, uniqueName('admin'), { admin: true })
  const brand = await makeBrand(mail.app, 'existing-brand')
  const known = await brandAccount()
  const invited = await call('POST', `/api/admin/providers/${brand.id}/members`, admin, {
    email: known.email.toUpperCase(),
    role: 'member',
  })
  expect(invited.statusCode).toBe(201)
  expect((await call('GET', `/api/providers/${brand.slug}`, known)).statusCode).toBe(403)
  const message = await mail.smtp.nextMail(known.email, 'Accept the invitation')
  expect((await signin(mail.app, known.username, strongPassword)).statusCode).toBe(200)
  const redeemed = await call('POST', '/api/provider-invitations/redemption', known, {
    token: linkToken(message, 'invite'),
  })
  expect(redeemed.statusCode).toBe(200)
  expect((await call('GET', `/api/providers/${brand.slug}`, known)).json().role).toBe('member')
  const bad = await call('POST', `/api/admin/providers/${brand.id}/members`, admin, {
    email: 'nope',
    role: 'boss',
  })
  expect(bad.statusCode).toBe(400)
  expect(Object.keys(bad.json().errors.children)).toEqual(expect.arrayContaining(['email', 'role']))
  expect(
    (
      await call('POST', `/api/admin/providers/${brand.id}/members`, known, {
        email: known.email,
        role: 'owner',
      })
    ).statusCode,
  ).toBe(403)
})
