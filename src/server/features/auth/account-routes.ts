/** The user's own account: profile, password, avatar, connected platforms, Twitch. */
import type { FastifyInstance } from 'fastify'
import { ApiError, conflict, fieldInvalid, notFound } from '#server/http/api-error.ts'
import { uploadLimit } from '#server/http/multipart.ts'
import { registerIdempotentRoute, registerRoute } from '#server/http/register-endpoint.ts'
import { hashPassword, verifyPassword } from '#server/lib/passwords.ts'
import { uploadsDir } from '#server/plugins/client-app.ts'
import { disconnectSession, leaveProviderRooms } from '#server/plugins/socket.ts'
import { authLimits } from './auth-limits'
import { sendVerificationMail, verificationLink } from './auth-mails'
import { removeAvatar, storeAvatar } from './avatar'
import { changeCreatorCode } from './creator-codes'
import { issueOneTimeToken } from './one-time-tokens'
import { deletePlatform, listPlatforms, platformOwner, savePlatform } from './platforms-repository'
import { revokeOtherSessions } from './sessions'
import { exchangeTwitchCode, TwitchError } from './twitch'
import {
  copyPhoneToIdentity,
  emailTaken,
  findUserByUsername,
  identityPhone,
  toUser,
  type UserChanges,
  uniqueViolation,
  updateUser,
} from './users-repository'
import { verificationResendRoute } from './verification-resend'

export async function accountRoutes(app: FastifyInstance) {
  const { config } = app
  const uploads = uploadsDir(config)

  /** The user named in the path; access is already checked, so a miss only happens for admins. */
  const target = async (username: string) => {
    const row = await findUserByUsername(app.db, username)
    if (!row) throw notFound('No such user')
    return row
  }

  registerRoute(app, 'creatorCodeUpdate', async ({ params, body }) => {
    const row = await target(params.user)
    return toUser(await changeCreatorCode(app.db, row.id, body.code))
  })

  // Profile edits queued offline may be sent by the page and the service worker: applied once.
  registerIdempotentRoute(app, 'userUpdate', async ({ params, body, files, session }) => {
    const row = await target(params.user)
    const changes: UserChanges = {}
    const emailChanged = body.email !== undefined && body.email.toLowerCase() !== row.email.toLowerCase()
    const passwordChanged = body.plainPassword !== undefined

    if ((emailChanged || passwordChanged) && body.currentPassword !== undefined) {
      // Reserved before the check, kept as the failure count, given back when the password was right.
      const attempt = await app.rateLimiter.reserveAll([[authLimits.currentPassword, row.id]])
      if (!(await verifyPassword(row.passwordHash, body.currentPassword))) {
        throw fieldInvalid('currentPassword', 'password.current_invalid')
      }
      await attempt.release()
    }
    if (emailChanged && body.email) {
      if (await emailTaken(app.db, body.email, row.id)) throw fieldInvalid('email', 'email.taken')
      changes.email = body.email
      changes.emailVerifiedAt = null
    }
    if (passwordChanged && body.plainPassword) changes.passwordHash = await hashPassword(body.plainPassword)
    const phone = body.phone === undefined ? undefined : body.phone?.trim() || null
    if (phone !== undefined && phone !== row.phone) {
      // One phone per account: once the identity has one, it is the one (edited with the identity).
      const ofIdentity = await identityPhone(app.db, row.id)
      if (ofIdentity) throw fieldInvalid('phone', 'phone.identity_managed')
      changes.phone = phone
      if (ofIdentity === null && phone) await copyPhoneToIdentity(app.db, row.id, phone)
    }
    if (body.locale !== undefined) changes.locale = body.locale
    const avatarFile = files.avatar
    const previousAvatar = row.avatar
    if (avatarFile) {
      await app.rateLimiter.consume(uploadLimit, session?.user.id ?? row.id)
      changes.avatar = await storeAvatar(uploads, avatarFile)
    }

    let updated = row
    if (Object.keys(changes).length > 0) {
      try {
        updated = (await updateUser(app.db, row.id, changes)) ?? row
      } catch (error) {
        if (uniqueViolation(error)) throw fieldInvalid('email', 'email.taken')
        throw error
      }
    }
    if (avatarFile) await removeAvatar(uploads, previousAvatar)
    if (passwordChanged && session) {
      // Other devices signed in with the old password are signed out; this one stays (ASVS 3.3.3).
      const revoked = await revokeOtherSessions(app.db, row.id, session.id)
      await app.sessions.revoked(revoked)
      for (const sessionId of revoked) disconnectSession(app.io, sessionId)
    }
    if (emailChanged) {
      // Brand memberships count only for a proven address: until this one is, the sockets hear no brand.
      // The change is committed: a node that does not answer is logged, never turned into a failure.
      leaveProviderRooms(app.io, row.id).catch((error: unknown) =>
        app.log.error({ err: error }, 'leaving the brand rooms failed'),
      )
      const token = await issueOneTimeToken(app.db, updated.id, 'verify_email')
      sendVerificationMail(app.mailer, updated, verificationLink(config.publicUrl, token, 'verify')).catch(
        (error: unknown) => app.log.error({ err: error }, 'verification mail failed'),
      )
    }
    return toUser(updated)
  })

  verificationResendRoute(app)

  registerRoute(app, 'platforms', async ({ params }) => {
    const row = await target(params.username)
    return { items: await listPlatforms(app.db, row.id) }
  })

  // 204 (the row's status): nothing to answer.
  registerRoute(app, 'platformDelete', async ({ params }) => {
    const row = await target(params.username)
    const deleted = await deletePlatform(app.db, row.id, { code: params.code, reference: params.reference })
    if (!deleted) throw notFound('No such connected platform')
    return undefined
  })

  registerRoute(app, 'twitchConnect', async ({ body, session, reply }) => {
    const credentials = config.twitch
    if (!credentials) throw notFound('Twitch is not configured on this server')
    if (!session) throw new ApiError(401, 'AUTH_0001', 'Authentication required')
    const redirectUri = body.redirectUri ?? `${config.publicUrl}/dashboard/account`
    let account: Awaited<ReturnType<typeof exchangeTwitchCode>>
    try {
      account = await exchangeTwitchCode(credentials.urls, credentials, body.code, redirectUri)
    } catch (error) {
      if (error instanceof TwitchError || (error instanceof Error && error.name === 'TimeoutError')) {
        app.log.warn({ err: error }, 'twitch code exchange failed')
        throw fieldInvalid('code', 'twitch.refused')
      }
      throw error
    }
    const owner = await platformOwner(app.db, { code: 'twitch', reference: account.id })
    if (owner !== undefined && owner !== session.user.id) {
      throw conflict('This Twitch account is already connected to another user')
    }
    const saved = await savePlatform(app.db, session.user.id, {
      code: 'twitch',
      reference: account.id,
      displayName: account.displayName,
    })
    // 201 (the row's status) for a new connection; 200 when it was connected already.
    if (owner !== undefined) reply.code(200)
    return saved
  })
}
