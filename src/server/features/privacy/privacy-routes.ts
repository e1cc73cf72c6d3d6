/** The owner's own data, downloaded whole, and the account's deletion. */
import type { FastifyInstance } from 'fastify'
import { fieldInvalid, forbidden } from '#server/http/api-error.ts'
import type { AuthenticatedSession } from '#server/http/register-endpoint.ts'
import { registerRoute } from '#server/http/register-endpoint.ts'
import { verifyPassword } from '#server/lib/passwords.ts'
import { uploadsDir } from '#server/plugins/client-app.ts'
import type { RateRule } from '#server/plugins/rate-limit.ts'
import { disconnectSession, rooms } from '#server/plugins/socket.ts'
import { authLimits, findUserByUsername, removeAvatar } from '../auth/accounts-service'
import { removeKycFile } from '../wallet/wallet-service'
import { eraseAccount } from './account-erasure-repository'
import { exportUserData } from './data-export-repository'

// Five downloads an hour: enough to retry a failed one, and each reads the user's whole history.
const exportLimit = { name: 'privacy:export', max: 5, windowMs: 60 * 60_000 } satisfies RateRule

export async function privacyRoutes(app: FastifyInstance) {
  /**
   * The signed-in user themself: the owner rule also lets an admin through, but these are the owner's
   * alone to take or erase (an admin has other tools, which leave a trace in the audit log).
   */
  const self = async (username: string, session: AuthenticatedSession | null) => {
    const row = await findUserByUsername(app.db, username)
    if (!row || !session || row.id !== session.user.id || row.deletedAt) throw forbidden()
    return row
  }

  registerRoute(app, 'accountExport', async ({ params, session, reply }) => {
    const row = await self(params.username, session)
    await app.rateLimiter.consume(exportLimit, row.id)
    const data = await exportUserData(app.db, row)
    reply
      .header(
        'content-disposition',
        `attachment; filename="streamdeals-${row.username.toLowerCase()}-data.json"`,
      )
      .header('cache-control', 'private, no-store')
    return data
  })

  registerRoute(app, 'accountDelete', async ({ params, body, session }) => {
    const row = await self(params.username, session)
    // The same guessing limit as a password change: reserved before the check, given back when right.
    const attempt = await app.rateLimiter.reserveAll([[authLimits.currentPassword, row.id]])
    if (!(await verifyPassword(row.passwordHash, body.currentPassword))) {
      throw fieldInvalid('currentPassword', 'password.current_invalid')
    }
    await attempt.release()
    const erased = await eraseAccount(app.db, row.id)
    // Committed: every node forgets the sessions before this answers, and their sockets are cut.
    await app.sessions.revoked(erased.revokedSessionIds)
    for (const sessionId of erased.revokedSessionIds) disconnectSession(app.io, sessionId)
    for (const token of erased.oldWidgetTokens)
      app.io.in(rooms.widget(token)).socketsLeave(rooms.widget(token))
    await removeAvatar(uploadsDir(app.config), erased.avatar)
    for (const name of erased.kycFiles) await removeKycFile(app.config.dataDir, name)
    return erased.answer
  })
}
