/**
 * Invitations into a provider, and the one way they become memberships: redeeming the mailed token
 * from a signed-in account that holds the invited address. An address alone never attaches anyone:
 * anybody may sign up with any address, so only the mailbox (the token sent to it) proves it.
 */
import { and, eq, gt, isNull, sql } from 'drizzle-orm'
import type { Database, Executor } from '#server/db/client.ts'
import {
  type ProviderInvitationRow,
  type ProviderRow,
  providerInvitations,
  providerMembers,
  providers,
  users,
} from '#server/db/schema.ts'
import { audit } from '#server/lib/audit.ts'
import { hashToken } from '#server/lib/tokens.ts'
import type { MemberRole } from '#shared/contract/brand.ts'

const sameAddress = (email: string) => sql`lower(${providerInvitations.email}) = lower(${email})`

/**
 * Stores an invitation (the token's hash only) with its audit entry. Older pending invitations of the
 * same provider and address expire now: only the latest mailed link works, like the account links.
 */
export async function insertInvitation(
  db: Database,
  input: {
    providerId: string
    providerSlug: string
    email: string
    role: MemberRole
    tokenHash: string
    expiresAt: Date
    invitedBy: string | null
  },
): Promise<ProviderInvitationRow> {
  const { providerSlug, ...values } = input
  return db.transaction(async (tx) => {
    const now = new Date()
    await tx
      .update(providerInvitations)
      .set({ expiresAt: now })
      .where(
        and(
          eq(providerInvitations.providerId, input.providerId),
          sameAddress(input.email),
          isNull(providerInvitations.redeemedAt),
          gt(providerInvitations.expiresAt, now),
        ),
      )
    const [row] = await tx.insert(providerInvitations).values(values).returning()
    if (!row) throw new Error('invitation insert returned no row')
    await audit(tx, {
      actorId: input.invitedBy,
      action: 'provider.member_invite',
      target: `provider:${providerSlug}`,
      details: { email: input.email, role: input.role },
    })
    return row
  })
}

/** Why a token did not make a membership: each is told apart so the page can say what to do. */
export type RedeemRefusal = 'unknown' | 'used' | 'expired' | 'other_address' | 'no_account'

export type Redemption =
  | { ok: true; provider: ProviderRow; role: MemberRole }
  | { ok: false; refusal: RedeemRefusal }

/** Why an invitation that could not be claimed was refused (read after the claim failed). */
async function refusalOf(db: Executor, tokenHash: string, email: string): Promise<RedeemRefusal> {
  const [row] = await db
    .select()
    .from(providerInvitations)
    .where(eq(providerInvitations.tokenHash, tokenHash))
    .limit(1)
  if (!row) return 'unknown'
  if (row.redeemedAt) return 'used'
  if (row.expiresAt.getTime() <= Date.now()) return 'expired'
  return row.email.toLowerCase() === email.toLowerCase() ? 'used' : 'other_address'
}

/**
 * Redeems a token for a signed-in account, in one transaction:
 * - the account row is locked, so an e-mail change cannot slip between the address check and the
 *   membership (it waits, then suspends the fresh membership like any other);
 * - the invitation is claimed by one conditional UPDATE (unused, unexpired, for this very address),
 *   so two redemptions of one token never both succeed;
 * - the token was mailed to that address and the account holds it: the mailbox is proven, so an
 *   unverified address becomes verified (the membership would be suspended otherwise);
 * - the membership is made (or its role changed) and audited.
 */
export async function redeemInvitation(db: Database, token: string, userId: string): Promise<Redemption> {
  const tokenHash = hashToken(token)
  return db.transaction(async (tx): Promise<Redemption> => {
    const [account] = await tx.select().from(users).where(eq(users.id, userId)).for('update')
    if (!account) return { ok: false, refusal: 'no_account' }
    const now = new Date()
    const [claimed] = await tx
      .update(providerInvitations)
      .set({ redeemedAt: now, redeemedBy: userId })
      .where(
        and(
          eq(providerInvitations.tokenHash, tokenHash),
          isNull(providerInvitations.redeemedAt),
          gt(providerInvitations.expiresAt, now),
          sameAddress(account.email),
        ),
      )
      .returning()
    if (!claimed) return { ok: false, refusal: await refusalOf(tx, tokenHash, account.email) }
    if (!account.emailVerifiedAt) {
      await tx.update(users).set({ emailVerifiedAt: now }).where(eq(users.id, userId))
    }
    await tx
      .insert(providerMembers)
      .values({ providerId: claimed.providerId, userId, role: claimed.role })
      .onConflictDoUpdate({
        target: [providerMembers.providerId, providerMembers.userId],
        set: { role: claimed.role },
      })
    const [provider] = await tx.select().from(providers).where(eq(providers.id, claimed.providerId))
    if (!provider) throw new Error('the invitation outlived its provider')
    await audit(tx, {
      actorId: userId,
      action: 'provider.member_join',
      target: `provider:${provider.slug}`,
      details: { username: account.username, role: claimed.role, invitedBy: claimed.invitedBy },
    })
    return { ok: true, provider, role: claimed.role }
  })
}

/** The account holding an address, if any (its language words the invitation mail). */
export async function accountOfAddress(db: Executor, email: string): Promise<{ locale: string } | undefined> {
  const [row] = await db
    .select({ locale: users.locale })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .limit(1)
  return row
}
