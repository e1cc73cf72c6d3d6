/** Completing a mailed password reset: the token, the new password and the end of every old session. */
import type { Database } from '#server/db/client.ts'
import type { UserRow } from '#server/db/schema.ts'
import { consumeOneTimeToken } from './one-time-tokens'
import { revokeUserSessions } from './sessions'
import { updateUser } from './users-repository'

export interface CompletedReset {
  user: UserRow
  /** The sessions the old password had opened: their sockets are to be cut. */
  revokedSessionIds: string[]
}

/**
 * Spends the reset token, stores the new password hash and revokes every session of the user, in one
 * transaction: a used link never leaves a half-reset account. Null for an unknown, used or expired link.
 */
export async function completePasswordReset(
  db: Database,
  token: string,
  passwordHash: string,
): Promise<CompletedReset | null> {
  return db.transaction(async (tx) => {
    const userId = await consumeOneTimeToken(tx, token, 'reset_password')
    if (!userId) return null
    // The link proved the mailbox, so the address counts as verified too.
    const user = await updateUser(tx, userId, { passwordHash, emailVerifiedAt: new Date() })
    const revokedSessionIds = await revokeUserSessions(tx, userId)
    return user ? { user, revokedSessionIds } : null
  })
}
