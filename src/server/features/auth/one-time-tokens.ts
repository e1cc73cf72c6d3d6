/** Single-use, expiring tokens for e-mail verification and password reset links. */
import { and, eq, gt, isNull } from 'drizzle-orm'
import type { Executor } from '#server/db/client.ts'
import { oneTimeTokens } from '#server/db/schema.ts'
import { hashToken, newToken } from '#server/lib/tokens.ts'

export type OneTimePurpose = 'verify_email' | 'reset_password'

// 48 h to verify an address (mail can sit unread over a weekend); 1 h to use a reset link (ASVS 2.5.1).
const TOKEN_LIFETIME_MS: Record<OneTimePurpose, number> = {
  verify_email: 48 * 60 * 60 * 1000,
  reset_password: 60 * 60 * 1000,
}

/**
 * Issues a new token for a user and purpose. Earlier unused tokens of the same purpose are spent at
 * once: only the latest link works.
 */
export async function issueOneTimeToken(db: Executor, userId: string, purpose: OneTimePurpose) {
  const now = new Date()
  await db
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(
      and(eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.purpose, purpose), isNull(oneTimeTokens.usedAt)),
    )
  const token = newToken()
  await db.insert(oneTimeTokens).values({
    purpose,
    userId,
    tokenHash: hashToken(token),
    expiresAt: new Date(now.getTime() + TOKEN_LIFETIME_MS[purpose]),
  })
  return token
}

/**
 * Spends a token: one conditional UPDATE, so two concurrent uses cannot both succeed.
 * Returns the user id, or null for an unknown, used or expired token.
 */
export async function consumeOneTimeToken(
  db: Executor,
  token: string,
  purpose: OneTimePurpose,
): Promise<string | null> {
  const now = new Date()
  const [row] = await db
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(oneTimeTokens.tokenHash, hashToken(token)),
        eq(oneTimeTokens.purpose, purpose),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, now),
      ),
    )
    .returning({ userId: oneTimeTokens.userId })
  return row?.userId ?? null
}

/** Whether a token would be accepted now (unknown, used and expired alike are not), without spending it. */
export async function oneTimeTokenUsable(
  db: Executor,
  token: string,
  purpose: OneTimePurpose,
): Promise<boolean> {
  const [row] = await db
    .select({ userId: oneTimeTokens.userId })
    .from(oneTimeTokens)
    .where(
      and(
        eq(oneTimeTokens.tokenHash, hashToken(token)),
        eq(oneTimeTokens.purpose, purpose),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, new Date()),
      ),
    )
    .limit(1)
  return row !== undefined
}

/**
 * Whose token this is, spent or expired alike (it is never spent by this): the expired link's page
 * asks for a new one with it. Null for a token that was never issued for this purpose.
 */
export async function oneTimeTokenOwner(
  db: Executor,
  token: string,
  purpose: OneTimePurpose,
): Promise<string | null> {
  const [row] = await db
    .select({ userId: oneTimeTokens.userId })
    .from(oneTimeTokens)
    .where(and(eq(oneTimeTokens.tokenHash, hashToken(token)), eq(oneTimeTokens.purpose, purpose)))
    .limit(1)
  return row?.userId ?? null
}
