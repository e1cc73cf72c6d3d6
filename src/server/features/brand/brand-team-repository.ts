/**
 * A brand's team as its owners run it: the invitations still waiting, and removing a member. The
 * last owner stays: a brand without one could never invite or edit again.
 */
import { and, asc, eq, gt, isNull } from 'drizzle-orm'
import type { Database, Executor } from '#server/db/client.ts'
import { isUuid } from '#server/db/ids.ts'
import { providerInvitations, providerMembers, users } from '#server/db/schema.ts'
import { conflict, notFound } from '#server/http/api-error.ts'
import { audit } from '#server/lib/audit.ts'
import type { BrandPendingInvitation } from '#shared/contract/brand-portal.ts'

export async function pendingInvitations(
  db: Executor,
  providerId: string,
): Promise<BrandPendingInvitation[]> {
  const rows = await db
    .select({
      email: providerInvitations.email,
      role: providerInvitations.role,
      expiresAt: providerInvitations.expiresAt,
    })
    .from(providerInvitations)
    .where(
      and(
        eq(providerInvitations.providerId, providerId),
        isNull(providerInvitations.redeemedAt),
        gt(providerInvitations.expiresAt, new Date()),
      ),
    )
    .orderBy(asc(providerInvitations.createdAt))
  return rows.map((row) => ({
    ...row,
    expiresAt: row.expiresAt.toISOString(),
  }))
}

/**
 * Removes a member, audited. The provider's member rows are locked first, so two owners removing each
 * other at once cannot both pass the last-owner check.
 */
export async function removeMember(
  db: Database,
  input: {
    providerId: string
    providerSlug: string
    userId: string
    actorId: string | null
  },
): Promise<void> {
  if (!isUuid(input.userId)) throw notFound('This member does not exist')
  await db.transaction(async (tx) => {
    const members = await tx
      .select({ userId: providerMembers.userId, role: providerMembers.role })
      .from(providerMembers)
      .where(eq(providerMembers.providerId, input.providerId))
      .for('update')
    const target = members.find((member) => member.userId === input.userId)
    if (!target) throw notFound('This member does not exist')
    const owners = members.filter((member) => member.role === 'owner').length
    if (target.role === 'owner' && owners <= 1)
      throw conflict('The last owner of a brand cannot be removed', {
        errors: ['member.last_owner'],
      })
    await tx
      .delete(providerMembers)
      .where(and(eq(providerMembers.providerId, input.providerId), eq(providerMembers.userId, input.userId)))
    const [account] = await tx
      .select({ username: users.username })
      .from(users)
      .where(eq(users.id, input.userId))
    await audit(tx, {
      actorId: input.actorId,
      action: 'provider.member_remove',
      target: `provider:${input.providerSlug}`,
      details: { username: account?.username ?? null, role: target.role },
    })
  })
}
