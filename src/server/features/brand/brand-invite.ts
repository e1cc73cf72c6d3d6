/**
 * An admin invites a brand member by e-mail: the account is made when none has that
 * address (a brand account, no usable password yet), the membership is added (or its role changed),
 * audited, and the mail says how to get in: a set-password link through the password-reset tokens
 * for a new account, a sign-in link for an existing one.
 */
import { randomBytes } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { Database, Transaction } from '#server/db/client.ts'
import { providerMembers, type UserRow, users } from '#server/db/schema.ts'
import {
  issueOneTimeToken,
  newCreatorCode,
  verificationLink,
} from '#server/features/auth/accounts-service.ts'
import { audit } from '#server/lib/audit.ts'
import type { Mailer } from '#server/lib/mailer.ts'
import { hashPassword } from '#server/lib/passwords.ts'
import { newToken } from '#server/lib/tokens.ts'
import type { BrandMember, MemberRole } from '#shared/contract/brand.ts'
import { USERNAME_MAX_LENGTH } from '#shared/validation-rules.ts'
import { sendInvitationMail } from './brand-mails'

// 3 days: an invitation can wait over a weekend; a recovery link (1 hour) is asked for by its reader.
const INVITATION_LINK_MS = 3 * 24 * 60 * 60 * 1000
// A handful of tries: the e-mail's name with a random suffix is taken by chance very rarely.
const USERNAME_TRIES = 5
const SUFFIX_LENGTH = 5

/** A username from the address's local part, in the username alphabet, with a suffix after the first try. */
function usernameFor(email: string, attempt: number): string {
  const local = (email.split('@')[0] ?? '').replace(/[^A-Za-z0-9_.-]/g, '').slice(0, 24)
  const base = local.length >= 3 ? local : `brand${local}`
  if (attempt === 0) return base
  const suffix = randomBytes(4).toString('hex').slice(0, SUFFIX_LENGTH)
  return `${base}-${suffix}`.slice(0, USERNAME_MAX_LENGTH)
}

const byEmail = async (tx: Transaction, email: string) => {
  const [row] = await tx.select().from(users).where(sql`lower(${users.email}) = lower(${email})`)
  return row
}

/** The account of the address, made (kind provider, an unusable password) when there is none. */
async function accountFor(
  tx: Transaction,
  email: string,
  unusableHash: string,
): Promise<{ user: UserRow; created: boolean }> {
  for (let attempt = 0; attempt < USERNAME_TRIES; attempt += 1) {
    const existing = await byEmail(tx, email)
    if (existing) return { user: existing, created: false }
    const [created] = await tx
      .insert(users)
      .values({
        username: usernameFor(email, attempt),
        email,
        passwordHash: unusableHash,
        kind: 'provider',
        creatorCode: newCreatorCode(),
      })
      // Either unique index: a taken username tries another, a concurrent invite of the address is read back.
      .onConflictDoNothing()
      .returning()
    if (created) return { user: created, created: true }
  }
  throw new Error('no free username for an invited member')
}

export interface Invitation {
  member: BrandMember
  user: UserRow
  created: boolean
}

export async function inviteMember(
  db: Database,
  input: {
    providerId: string
    providerSlug: string
    email: string
    role: MemberRole
    actorId: string | null
  },
): Promise<Invitation> {
  // Nobody knows this password: the invited member sets theirs through the mailed link.
  const unusableHash = await hashPassword(newToken())
  return db.transaction(async (tx) => {
    const { user, created } = await accountFor(tx, input.email.trim(), unusableHash)
    const [membership] = await tx
      .insert(providerMembers)
      .values({ providerId: input.providerId, userId: user.id, role: input.role })
      .onConflictDoUpdate({
        target: [providerMembers.providerId, providerMembers.userId],
        set: { role: input.role },
      })
      .returning()
    if (!membership) throw new Error('membership upsert returned no row')
    await audit(tx, {
      actorId: input.actorId,
      action: 'provider.member_invite',
      target: `provider:${input.providerSlug}`,
      details: { username: user.username, role: input.role, accountCreated: created },
    })
    return {
      user,
      created,
      member: {
        userId: user.id,
        username: user.username,
        email: user.email,
        role: membership.role,
        createdAt: membership.createdAt.toISOString(),
      },
    }
  })
}

/** Mails the invitation once the membership is committed. */
export async function mailInvitation(
  db: Database,
  mailer: Mailer,
  input: { invitation: Invitation; brand: string; publicUrl: string },
): Promise<void> {
  const { user, created } = input.invitation
  const link = created
    ? verificationLink(
        input.publicUrl,
        await issueOneTimeToken(db, user.id, 'reset_password', INVITATION_LINK_MS),
        'reset',
      )
    : new URL('/', input.publicUrl).href
  await sendInvitationMail(mailer, user, { brand: input.brand, link, newAccount: created })
}
