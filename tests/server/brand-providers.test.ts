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

/** A brand account signed up through the API, as the registration form's "I represent a brand" makes it. */
async function brandAccount() {
  const username = uniqueName('brand')
  const response = await mail.post('/api/oauth/signup', {
    username,
    email: `${username}@example.test`,
    plainPassword: strongPassword,
    kind: 'provider',
  })
  expect(response.statusCode).toBe(201)
  expect(response.json().user.kind).toBe('provider')
  return { username, auth: { authorization: `Bearer ${response.json().code}` } }
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

test('an admin invites a new member: a brand account is made and its mailed link sets the password', async () => {
  const admin = await makeUser(mail.app, uniqueName('admin'), { admin: true })
  const brand = await makeBrand(mail.app, 'invite-brand')
  const email = `${uniqueName('newbie')}@brand.example`
  const invited = await call('POST', `/api/admin/providers/${brand.id}/members`, admin, {
    email,
    role: 'owner',
  })
  expect(invited.statusCode).toBe(201)
  expect(invited.json()).toMatchObject({ email, role: 'owner' })
  const [account] = await mail.app.db.select().from(users).where(eq(users.email, email))
  expect(account?.kind).toBe('provider')
  const message = await mail.smtp.nextMail(email, 'Choose your password')
  const token = linkToken(message, 'reset')
  const reset = await mail.post('/api/oauth/reset', { token, plainPassword: strongPassword })
  expect(reset.statusCode).toBe(200)
  const signedIn = await signin(mail.app, email, strongPassword)
  expect(signedIn.statusCode).toBe(200)
  const auth = { authorization: `Bearer ${signedIn.json().code}` }
  const mine = (await call('GET', '/api/providers', { auth })).json().items
  expect(mine.map((item: { slug: string; role: string }) => [item.slug, item.role])).toEqual([
    ['invite-brand', 'owner'],
  ])
})

test('inviting an existing account adds the membership without touching its password; bad input is 400', async () => {
  const admin = await makeUser(mail.app, uniqueName('admin'), { admin: true })
  const brand = await makeBrand(mail.app, 'existing-brand')
  const known = await brandAccount()
  const email = `${known.username}@example.test`
  const invited = await call('POST', `/api/admin/providers/${brand.id}/members`, admin, {
    email: email.toUpperCase(),
    role: 'member',
  })
  expect(invited.statusCode).toBe(201)
  expect(invited.json()).toMatchObject({ username: known.username, role: 'member' })
  const message = await mail.smtp.nextMail(email, 'Sign in with your usual account')
  expect(message.raw).not.toContain('/redir/verification')
  expect((await signin(mail.app, known.username, strongPassword)).statusCode).toBe(200)
  expect((await call('GET', `/api/providers/${brand.slug}`, known)).json().role).toBe('member')
  const bad = await call('POST', `/api/admin/providers/${brand.id}/members`, admin, {
    email: 'nope',
    role: 'boss',
  })
  expect(bad.statusCode).toBe(400)
  expect(Object.keys(bad.json().errors.children)).toEqual(expect.arrayContaining(['email', 'role']))
  expect(
    (await call('POST', `/api/admin/providers/${brand.id}/members`, known, { email, role: 'owner' }))
      .statusCode,
  ).toBe(403)
})
