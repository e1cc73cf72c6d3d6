/**
 * An admin invites a brand member by e-mail. Nothing is attached to any account here: sign-up needs
 * no proof of the address, so whoever holds an account with it may not own the mailbox. The invitation
 * is stored (its token's hash), audited, and its token mailed to the address; it becomes a membership
 * only when a signed-in account holding that address redeems it (brand-invitations-repository.ts).
 */
import type { Database } from '#server/db/client.ts'
import { ApiError, fieldInvalid } from '#server/http/api-error.ts'
import type { Mailer } from '#server/lib/mailer.ts'
import { hashToken, newToken } from '#server/lib/tokens.ts'
import type { BrandInvitation, MemberRole } from '#shared/contract/brand.ts'
import { accountOfAddress, insertInvitation, type RedeemRefusal } from './brand-invitations-repository'
import { sendInvitationMail } from './brand-mails'

// 3 days: an invitation can wait over a weekend; a recovery link (1 hour) is asked for by its reader.
const INVITATION_LINK_MS = 3 * 24 * 60 * 60 * 1000

/** The app's page that redeems a mailed invitation (the landing of every mailed link). */
function invitationLink(publicUrl: string, token: string): string {
  const url = new URL('/redir/verification', publicUrl)
  url.searchParams.set('token', token)
  url.searchParams.set('type', 'invite')
  return url.href
}

export interface SentInvitation {
  invitation: BrandInvitation
  /** The plain token, only ever written into the mail. */
  token: string
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
): Promise<SentInvitation> {
  const email = input.email.trim()
  const token = newToken()
  const row = await insertInvitation(db, {
    providerId: input.providerId,
    providerSlug: input.providerSlug,
    email,
    role: input.role,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + INVITATION_LINK_MS),
    invitedBy: input.actorId,
  })
  return { token, invitation: { email, role: row.role, expiresAt: row.expiresAt.toISOString() } }
}

/** Mails the invitation's link to the invited address, in the language of its account if one has it. */
export async function mailInvitation(
  db: Database,
  mailer: Mailer,
  input: { sent: SentInvitation; brand: string; publicUrl: string },
): Promise<void> {
  const { invitation, token } = input.sent
  const account = await accountOfAddress(db, invitation.email)
  await sendInvitationMail(mailer, invitation.email, {
    brand: input.brand,
    link: invitationLink(input.publicUrl, token),
    locale: account?.locale ?? null,
  })
}

/**
 * A refused redemption as the API says it: a dead link (unknown, used, expired) is a field error on
 * the token with its own key; a link for another address is a 403 that never names that address.
 */
export function invitationRefused(refusal: RedeemRefusal): ApiError {
  if (refusal === 'other_address' || refusal === 'no_account') {
    return new ApiError(403, 'ACCESS_0001', 'This invitation was sent to another e-mail address', {
      errors: ['invitation.other_address'],
    })
  }
  return fieldInvalid('token', `invitation.${refusal === 'unknown' ? 'invalid' : refusal}`)
}
