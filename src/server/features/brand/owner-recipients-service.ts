/**
 * Who hears about a brand: the brand-facing mails (its money, its missions' review, a deal taken back)
 * go to its owners whose address is proven, each in the language of their mails. The one query for it,
 * shared with the admin feature's review decisions.
 */
import { and, eq, isNotNull } from 'drizzle-orm'
import type { Executor } from '#server/db/client.ts'
import { providerMembers, users } from '#server/db/schema.ts'

export async function ownerRecipients(db: Executor, providerId: string) {
  return db
    .select({ email: users.email, username: users.username, locale: users.locale })
    .from(providerMembers)
    .innerJoin(users, eq(users.id, providerMembers.userId))
    .where(
      and(
        eq(providerMembers.providerId, providerId),
        eq(providerMembers.role, 'owner'),
        isNotNull(users.emailVerifiedAt),
      ),
    )
}
