/**
 * Demo brand accounts: one owner per demo provider, `<slug>-brand`, so a newcomer can sign
 * in on the brand side as well. Their password is fixed and public (printed at start-up and in the
 * README): demo content only, never created unless demo seeding is on.
 */
import { inArray } from 'drizzle-orm'
import { hashPassword } from '../lib/passwords'
import type { Executor, Transaction } from './client'
import { providerMembers, users } from './schema'
import { demoProviders } from './seed-missions'

export const DEMO_BRAND_PASSWORD = 'Demo-brand-2026'

const demoBrandUsername = (slug: string) => `${slug}-brand`

/** Creates the owner account of each demo provider, in the seeding transaction. */
export async function seedDemoBrandMembers(
  tx: Transaction,
  providerIds: Map<string, string>,
  newCreatorCode: () => string,
): Promise<void> {
  // One hash for all: the same public password, and argon2 is deliberately slow.
  const passwordHash = await hashPassword(DEMO_BRAND_PASSWORD)
  for (const [slug, providerId] of providerIds) {
    const username = demoBrandUsername(slug)
    const [user] = await tx
      .insert(users)
      .values({
        username,
        email: `${username}@demo.streamdeals.local`,
        passwordHash,
        kind: 'provider',
        creatorCode: newCreatorCode(),
        emailVerifiedAt: new Date(),
      })
      .onConflictDoNothing()
      .returning({ id: users.id })
    if (user) await tx.insert(providerMembers).values({ providerId, userId: user.id, role: 'owner' })
  }
}

/** The demo brand accounts this database has (for the start-up log), by username. */
export async function demoBrandAccounts(db: Executor): Promise<string[]> {
  const usernames = demoProviders.map((provider) => demoBrandUsername(provider.slug))
  const rows = await db
    .select({ username: users.username })
    .from(users)
    .where(inArray(users.username, usernames))
  return rows.map((row) => row.username).sort()
}
