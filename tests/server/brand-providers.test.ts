/** The brand portal's providers: applying, approval, the profile, members and invitations. */
import { and, eq } from 'drizzle-orm'
import sharp from 'sharp'
import { expect, test } from 'vitest'
import { auditLog, providers, users } from '#server/db/schema.ts'
import { endpoint } from '#shared/endpoints.ts'
import { call } from '../support/call'
import { makeUser, type TestUser } from '../support/test-users'
import { appWithMail, linkToken, signin, signup, strongPassword, uniqueName } from './auth-helpers'
import { makeBrand, makeMember, multipartForm } from './brand-fixtures'

const mail = appWithMail()

const send = (
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
  const response = await call(mail.app, 'signup', {
    body: {
      username,
      email,
      plainPassword: strongPassword,
      kind: 'provider',
    },
  })
  expect(response.statusCode).toBe(201)
  expect(response.json().user.kind).toBe('provider')
  if (options.verified ?? true) {
    const token = linkToken(await mail.smtp.nextMail(email, 'Confirm your e-mail address'), 'verify')
    expect((await call(mail.app, 'verify', { body: { token } })).statusCode).toBe(200)
  }
  const token: string = response.json().code
  return { username, email, token, auth: { authorization: `Bearer ${token}` } }
}

test('a brand account applies: the provider is pending, its slug made from the name, the applicant its owner', async () => {
  const brand = await brandAccount()
  const applied = await call(mail.app, 'brandProviderApply', {
    as: brand,
    body: {
      name: 'Nébula Games',
      description: { en: 'Space' },
    },
  })
  expect(applied.statusCode).toBe(201)
  expect(applied.json()).toMatchObject({
    slug: 'nebula-games',
    status: 'pending',
    role: 'owner',
    theme: 'default',
  })
  // The same name again gets a number; a chosen slug already taken is a field error.
  const again = await call(mail.app, 'brandProviderApply', { as: brand, body: { name: 'Nebula games' } })
  expect(again.json().slug).toBe('nebula-games-2')
  const taken = await call(mail.app, 'brandProviderApply', {
    as: brand,
    body: { name: 'Other', slug: 'nebula-games' },
  })
  expect(taken.statusCode).toBe(409)
  expect(taken.json().errors.children.slug.errors).toEqual(['provider.slug_taken'])
  const mine = (await call(mail.app, 'brandProviders', { as: brand })).json()
  expect(mine.items.map((item: { slug: string }) => item.slug).sort()).toEqual([
    'nebula-games',
    'nebula-games-2',
  ])
  const [row] = await mail.app.db.select().from(providers).where(eq(providers.slug, 'nebula-games'))
  expect(row?.status).toBe('pending')
})

test('an account whose address is not confirmed cannot apply (it would own the brand); once confirmed it can', async () => {
  const unproven = await brandAccount({ verified: false })
  const refused = await call(mail.app, 'brandProviderApply', {
    as: unproven,
    body: { name: 'Squatted Brand' },
  })
  expect(refused.statusCode).toBe(403)
  expect(refused.json().errors.errors).toEqual(['email.unverified'])
  expect((await call(mail.app, 'brandProviders', { as: unproven })).json().items).toEqual([])
  const token = linkToken(await mail.smtp.nextMail(unproven.email, 'Confirm your e-mail address'), 'verify')
  expect((await call(mail.app, 'verify', { body: { token } })).statusCode).toBe(200)
  expect(
    (await call(mail.app, 'brandProviderApply', { as: unproven, body: { name: 'Squatted Brand' } }))
      .statusCode,
  ).toBe(201)
})

test('a streamer account cannot apply for a provider (403), and bad input is a field error', async () => {
  const streamer = await signup(mail.app)
  expect(
    (await call(mail.app, 'brandProviderApply', { as: streamer, body: { name: 'Sneaky' } })).statusCode,
  ).toBe(403)
  const brand = await brandAccount()
  // Off the contract on purpose (an unknown theme), so sent as it is.
  const bad = await send('POST', endpoint('brandProviderApply'), brand, {
    name: '',
    slug: 'Bad Slug',
    theme: 'pink',
  })
  expect(bad.statusCode).toBe(400)
  expect(Object.keys(bad.json().errors.children)).toEqual(expect.arrayContaining(['name', 'slug', 'theme']))
  expect((await call(mail.app, 'brandProviderApply', { body: { name: 'Anon' } })).statusCode).toBe(401)
})

test('no brand takes the slug of the portal page "new": chosen, it is a field error; made from the name, it becomes new-brand', async () => {
  const brand = await brandAccount()
  const chosen = await call(mail.app, 'brandProviderApply', {
    as: brand,
    body: { name: 'Newcomer', slug: 'new' },
  })
  expect(chosen.statusCode).toBe(400)
  expect(Object.keys(chosen.json().errors.children)).toEqual(['slug'])
  const named = await call(mail.app, 'brandProviderApply', { as: brand, body: { name: 'New' } })
  expect(named.statusCode).toBe(201)
  expect(named.json().slug).toBe('new-brand')
})

test('an admin approves a pending provider (audited); others cannot, and unknown ids are 404', async () => {
  const admin = await makeUser(mail.app, { username: uniqueName('admin'), admin: true })
  const pending = await makeBrand(mail.app, 'waiting-brand', 'pending')
  const owner = await makeMember(mail.app, pending, uniqueName('owner'))
  expect(
    (
      await call(mail.app, 'adminProviderApprove', {
        as: owner,
        params: { id: pending.id },
        body: { status: 'approved' },
      })
    ).statusCode,
  ).toBe(403)
  const approved = await call(mail.app, 'adminProviderApprove', {
    as: admin,
    params: { id: pending.id },
    body: {
      status: 'approved',
    },
  })
  expect(approved.statusCode).toBe(200)
  expect(approved.json()).toMatchObject({ slug: 'waiting-brand', status: 'approved' })
  expect(
    (await call(mail.app, 'brandProvider', { as: owner, params: { slug: pending.slug } })).json().status,
  ).toBe('approved')
  const [entry] = await mail.app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'provider.approve'), eq(auditLog.target, 'provider:waiting-brand')))
  expect(entry?.actorId).toBe(admin.id)
  const unknown = '00000000-0000-4000-8000-000000000000'
  expect(
    (
      await call(mail.app, 'adminProviderApprove', {
        as: admin,
        params: { id: unknown },
        body: { status: 'approved' },
      })
    ).statusCode,
  ).toBe(404)
  expect(
    (await send('PUT', endpoint('adminProviderApprove', { id: pending.id }), admin, { status: 'pending' }))
      .statusCode,
  ).toBe(400)
  // Pending ones come first in the admin's list, so the tab shows what waits for a decision.
  await makeBrand(mail.app, 'zzz-pending', 'pending')
  const list = (await call(mail.app, 'adminProviders', { as: admin })).json().items as { status: string }[]
  expect(list[0]?.status).toBe('pending')
})

test('owners edit the profile with a new logo; a plain member cannot; everyone in it sees the members', async () => {
  const brand = await makeBrand(mail.app, 'profile-brand')
  const owner: TestUser = await makeMember(mail.app, brand, uniqueName('owner'))
  const member = await makeMember(mail.app, brand, uniqueName('member'), 'member')
  const body = {
    name: 'Profile Brand',
    theme: 'nova' as const,
    description: { en: 'New text', fr: 'Nouveau texte' },
  }
  expect(
    (await call(mail.app, 'brandProviderUpdate', { as: member, params: { slug: brand.slug }, body }))
      .statusCode,
  ).toBe(403)
  const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#ff3366' } })
    .png()
    .toBuffer()
  // A hand-made multipart body (the form's JSON beside the logo file): sent raw.
  const form = await multipartForm(body, { field: 'logo', bytes: png, type: 'image/png', name: 'logo.png' })
  const updated = await mail.app.inject({
    method: 'PUT',
    url: endpoint('brandProviderUpdate', { slug: brand.slug }),
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
  const members = (await call(mail.app, 'brandMembers', { as: member, params: { slug: brand.slug } })).json()
    .items
  expect(members.map((item: { username: string; role: string }) => [item.username, item.role])).toEqual([
    [owner.username, 'owner'],
    [member.username, 'member'],
  ])
})

test('an admin invites a new address: nothing is attached until the mailed link is redeemed by an account with it', async () => {
  const admin = await makeUser(mail.app, { username: uniqueName('admin'), admin: true })
  const brand = await makeBrand(mail.app, 'invite-brand')
  const username = uniqueName('newbie')
  const email = `${username}@brand.example`
  const invited = await call(mail.app, 'adminProviderMemberInvite', {
    as: admin,
    params: { id: brand.id },
    body: {
      email,
      role: 'owner',
    },
  })
  expect(invited.statusCode).toBe(201)
  expect(invited.json()).toMatchObject({ email, role: 'owner', expiresAt: expect.any(String) })
  // No account is made for the address, and no membership exists yet.
  expect(await mail.app.db.select().from(users).where(eq(users.email, email))).toEqual([])
  expect(
    (await call(mail.app, 'brandMembers', { as: admin, params: { slug: brand.slug } })).json().items,
  ).toEqual([])
  const token = linkToken(await mail.smtp.nextMail(email, 'Accept the invitation'), 'invite')
  // The invitee signs up with the address, then redeems the link signed in: the link proves the mailbox.
  const signedUp = await call(mail.app, 'signup', {
    body: {
      username,
      email,
      plainPassword: strongPassword,
      kind: 'provider',
    },
  })
  const invitee = { token: signedUp.json().code as string }
  const redeemed = await call(mail.app, 'brandInvitationRedeem', { as: invitee, body: { token } })
  expect(redeemed.statusCode).toBe(200)
  expect(redeemed.json()).toMatchObject({ slug: 'invite-brand', role: 'owner' })
  const [account] = await mail.app.db.select().from(users).where(eq(users.email, email))
  expect(account?.emailVerifiedAt).not.toBeNull()
  const mine = (await call(mail.app, 'brandProviders', { as: invitee })).json().items
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
  const admin = await makeUser(mail.app, { username: uniqueName('admin'), admin: true })
  const brand = await makeBrand(mail.app, 'existing-brand')
  const known = await brandAccount()
  const invited = await call(mail.app, 'adminProviderMemberInvite', {
    as: admin,
    params: { id: brand.id },
    body: {
      email: known.email.toUpperCase(),
      role: 'member',
    },
  })
  expect(invited.statusCode).toBe(201)
  expect(
    (await call(mail.app, 'brandProvider', { as: known, params: { slug: brand.slug } })).statusCode,
  ).toBe(403)
  const message = await mail.smtp.nextMail(known.email, 'Accept the invitation')
  expect((await signin(mail.app, known.username, strongPassword)).statusCode).toBe(200)
  const redeemed = await call(mail.app, 'brandInvitationRedeem', {
    as: known,
    body: {
      token: linkToken(message, 'invite'),
    },
  })
  expect(redeemed.statusCode).toBe(200)
  expect(
    (await call(mail.app, 'brandProvider', { as: known, params: { slug: brand.slug } })).json().role,
  ).toBe('member')
  // Off the contract on purpose (no such role), so sent as it is.
  const bad = await send('POST', endpoint('adminProviderMemberInvite', { id: brand.id }), admin, {
    email: 'nope',
    role: 'boss',
  })
  expect(bad.statusCode).toBe(400)
  expect(Object.keys(bad.json().errors.children)).toEqual(expect.arrayContaining(['email', 'role']))
  expect(
    (
      await call(mail.app, 'adminProviderMemberInvite', {
        as: known,
        params: { id: brand.id },
        body: {
          email: known.email,
          role: 'owner',
        },
      })
    ).statusCode,
  ).toBe(403)
})
