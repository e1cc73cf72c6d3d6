/**
 * A brand's owners run its team: they invite by e-mail (the mailed link proves the mailbox, as an
 * admin's invitation does) and remove members. Members read the lists; a member or a stranger who
 * tries to invite or remove is refused by the server, whatever the page shows.
 */
import { and, eq } from 'drizzle-orm'
import { expect, test } from 'vitest'
import { auditLog, providerInvitations, providerMembers } from '#server/db/schema.ts'
import { endpoint } from '#shared/endpoints.ts'
import { call } from '../support/call'
import { makeUser, type TestUser } from '../support/test-users'
import { appWithMail, linkToken } from './auth-helpers'
import { makeBrand, makeMember } from './brand-fixtures'

const mail = appWithMail()

const send = (method: 'GET' | 'POST' | 'DELETE', url: string, who: TestUser, payload?: object) =>
  mail.app.inject({ method, url, headers: who.auth, ...(payload ? { payload } : {}) })

const isMember = async (providerId: string, userId: string) =>
  (
    await mail.app.db
      .select()
      .from(providerMembers)
      .where(and(eq(providerMembers.providerId, providerId), eq(providerMembers.userId, userId)))
  ).length === 1

test('an owner invites by e-mail: the link arrives, its holder joins once, members see who is invited', async () => {
  const brand = await makeBrand(mail.app, 'team-invite')
  const owner = await makeMember(mail.app, brand, 'team_owner')
  const member = await makeMember(mail.app, brand, 'team_member', 'member')
  const invitee = await makeUser(mail.app, { username: 'team_invitee' })

  const invited = await call(mail.app, 'brandMemberInvite', {
    as: owner,
    params: { slug: brand.slug },
    body: {
      email: 'team_invitee@example.test',
      role: 'member',
    },
  })
  expect(invited.statusCode, invited.body).toBe(201)
  expect(invited.json()).toMatchObject({ email: 'team_invitee@example.test', role: 'member' })
  const expires = Date.parse(invited.json().expiresAt) - Date.now()
  expect(expires).toBeGreaterThan(71 * 3_600_000)
  expect(expires).toBeLessThanOrEqual(72 * 3_600_000)
  // Only the token's hash is stored.
  const [stored] = await mail.app.db
    .select()
    .from(providerInvitations)
    .where(eq(providerInvitations.providerId, brand.id))
  const token = linkToken(
    await mail.smtp.nextMail('team_invitee@example.test', 'Accept the invitation'),
    'invite',
  )
  expect(stored?.tokenHash).not.toContain(token)

  // A member reads the pending invitations.
  const pending = await call(mail.app, 'brandInvitations', { as: member, params: { slug: brand.slug } })
  expect(pending.statusCode).toBe(200)
  expect(pending.json().items).toEqual([expect.objectContaining({ email: 'team_invitee@example.test' })])

  const redeem = (who: TestUser) => call(mail.app, 'brandInvitationRedeem', { as: who, body: { token } })
  expect((await redeem(invitee)).statusCode).toBe(200)
  expect(await isMember(brand.id, invitee.id)).toBe(true)
  expect((await redeem(invitee)).statusCode).toBe(400)
  const after = await call(mail.app, 'brandInvitations', { as: member, params: { slug: brand.slug } })
  expect(after.json().items).toEqual([])
})

test('an invitation needs a real address and a role', async () => {
  const brand = await makeBrand(mail.app, 'team-validate')
  const owner = await makeMember(mail.app, brand, 'team_validate_owner')
  const params = { slug: brand.slug }
  const bad = await call(mail.app, 'brandMemberInvite', {
    params,
    as: owner,
    body: { email: 'not an address', role: 'member' },
  })
  expect(bad.statusCode).toBe(400)
  expect(bad.json().errors.children.email).toBeDefined()
  // No such role, and no role at all, are off the contract: sent raw.
  const url = endpoint('brandMemberInvite', params)
  expect((await send('POST', url, owner, { email: 'a@example.test', role: 'boss' })).statusCode).toBe(400)
  expect((await send('POST', url, owner, { email: 'a@example.test' })).statusCode).toBe(400)
})

test('a member or a stranger can neither invite nor remove: refused, nothing mailed or deleted', async () => {
  const brand = await makeBrand(mail.app, 'team-attack')
  const owner = await makeMember(mail.app, brand, 'team_attack_owner')
  const member = await makeMember(mail.app, brand, 'team_attack_member', 'member')
  const victim = await makeMember(mail.app, brand, 'team_attack_victim', 'member')
  const other = await makeBrand(mail.app, 'team-attack-other')
  const stranger = await makeMember(mail.app, other, 'team_attack_stranger')
  const plain = await makeUser(mail.app, { username: 'team_attack_plain' })

  for (const who of [member, stranger, plain]) {
    const invite = await call(mail.app, 'brandMemberInvite', {
      as: who,
      params: { slug: brand.slug },
      body: {
        email: `${who.username}-friend@example.test`,
        role: 'owner',
      },
    })
    expect(invite.statusCode, `${who.username} inviting`).toBe(403)
    const remove = await call(mail.app, 'brandMemberRemove', {
      as: who,
      params: { slug: brand.slug, userId: victim.id },
    })
    expect(remove.statusCode, `${who.username} removing`).toBe(403)
  }
  const invitations = await mail.app.db
    .select()
    .from(providerInvitations)
    .where(eq(providerInvitations.providerId, brand.id))
  expect(invitations).toEqual([])
  expect(await isMember(brand.id, owner.id)).toBe(true)
  expect(await isMember(brand.id, member.id)).toBe(true)
  expect(await isMember(brand.id, victim.id)).toBe(true)
  // A stranger reading the team is refused too.
  expect(
    (await call(mail.app, 'brandInvitations', { as: stranger, params: { slug: brand.slug } })).statusCode,
  ).toBe(403)
})

test('an owner removes a member (audited), never the last owner; a removed member loses access', async () => {
  const brand = await makeBrand(mail.app, 'team-remove')
  const owner = await makeMember(mail.app, brand, 'team_remove_owner')
  const member = await makeMember(mail.app, brand, 'team_remove_member', 'member')
  expect(
    (await call(mail.app, 'brandProvider', { as: member, params: { slug: brand.slug } })).statusCode,
  ).toBe(200)

  const removed = await call(mail.app, 'brandMemberRemove', {
    as: owner,
    params: { slug: brand.slug, userId: member.id },
  })
  expect(removed.statusCode, removed.body).toBe(204)
  expect(await isMember(brand.id, member.id)).toBe(false)
  expect(
    (await call(mail.app, 'brandProvider', { as: member, params: { slug: brand.slug } })).statusCode,
  ).toBe(403)
  const [entry] = await mail.app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'provider.member_remove'), eq(auditLog.target, `provider:${brand.slug}`)))
  expect(entry?.actorId).toBe(owner.id)

  const last = await call(mail.app, 'brandMemberRemove', {
    as: owner,
    params: { slug: brand.slug, userId: owner.id },
  })
  expect(last.statusCode).toBe(409)
  expect(last.json().errors.errors).toContain('member.last_owner')
  expect(await isMember(brand.id, owner.id)).toBe(true)
  // Someone who is no member, or no id at all: not found.
  expect(
    (
      await call(mail.app, 'brandMemberRemove', {
        as: owner,
        params: { slug: brand.slug, userId: member.id },
      })
    ).statusCode,
  ).toBe(404)
  expect(
    (await call(mail.app, 'brandMemberRemove', { as: owner, params: { slug: brand.slug, userId: 'nope' } }))
      .statusCode,
  ).toBe(404)
})
