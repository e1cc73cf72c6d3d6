/**
 * Registration, sign-in, logout, recovery and e-mail verification.
 * No answer tells whether an account exists: a wrong password and an unknown username look and take
 * the same, and recovery always answers the same.
 */
import { randomBytes } from 'node:crypto'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { UserRow } from '#server/db/schema.ts'
import { badCredentials, fieldInvalid, formInvalid } from '#server/http/api-error.ts'
import { requestLocale } from '#server/http/locale.ts'
import { registerRoute } from '#server/http/register-endpoint.ts'
import { hashPassword, passwordNeedsRehash, verifyPassword } from '#server/lib/passwords.ts'
import { requireHuman } from '#server/lib/turnstile.ts'
import { disconnectSession } from '#server/plugins/socket.ts'
import type { FormErrorTree } from '#shared/contract/errors.ts'
import { formError, mergeFormErrors } from '#shared/contract/form-error-tree.ts'
import { accountRoutes } from './account-routes'
import { admitSignin, authLimits, forgetSigninFailures, signinAccountKey } from './auth-limits'
import { sendResetMail, sendVerificationMail, verificationLink } from './auth-mails'
import { findUserByCreatorCode } from './creator-codes'
import { consumeOneTimeToken, issueOneTimeToken, oneTimeTokenUsable } from './one-time-tokens'
import { completePasswordReset } from './password-reset'
import { createSession, revokeSession } from './sessions'
import {
  emailTaken,
  findUserById,
  findUserByLogin,
  insertUser,
  toUser,
  uniqueViolation,
  updateUser,
  usernameTaken,
} from './users-repository'

const clientOf = (request: FastifyRequest) => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'],
})

/** Maps a unique-index race (two sign-ups at once) to the same field errors the pre-checks give. */
function duplicateFieldErrors(constraint: string): FormErrorTree {
  if (constraint.includes('email')) return formError('email', 'email.taken')
  if (constraint.includes('username')) return formError('username', 'username.taken')
  return formError('', 'validation.invalid')
}

export async function authRoutes(app: FastifyInstance) {
  const { config } = app
  const limiter = app.rateLimiter
  // Verified against when the username is unknown, so that case costs the same time as a wrong password.
  const dummyHash = await hashPassword(randomBytes(16).toString('hex'))

  /** Mail failures are logged, never shown: the account exists either way and a new link can be asked. */
  const background = (work: Promise<unknown>, what: string) => {
    work.catch((error: unknown) => app.log.error({ err: error }, `${what} failed`))
  }

  registerRoute(app, 'authSettings', async () => {
    const twitch = config.twitch
    return {
      turnstileSiteKey: config.turnstile?.siteKey ?? null,
      twitch: twitch ? { clientId: twitch.clientId, authorizeUrl: `${twitch.urls.oauth}/authorize` } : null,
    }
  })

  registerRoute(app, 'signup', async ({ body, request }) => {
    await limiter.consume(authLimits.signupAddress, request.ip)
    await requireHuman(config.turnstile, body.captcha, request.ip)
    const sponsor = body.sponsor?.trim() ? body.sponsor.trim().toUpperCase() : null
    // A code its owner changed lately still names them: the sponsor is recorded by their code now.
    const [nameTaken, mailTaken, sponsorUser] = await Promise.all([
      usernameTaken(app.db, body.username),
      emailTaken(app.db, body.email),
      sponsor ? findUserByCreatorCode(app.db, sponsor) : Promise.resolve(undefined),
    ])
    const problems: FormErrorTree[] = []
    if (nameTaken) problems.push(formError('username', 'username.taken'))
    if (mailTaken) problems.push(formError('email', 'email.taken'))
    if (sponsor && !sponsorUser) problems.push(formError('sponsor', 'sponsor.unknown'))
    if (problems.length) throw formInvalid(mergeFormErrors(...problems))

    const passwordHash = await hashPassword(body.plainPassword)
    let user: UserRow
    try {
      user = await insertUser(app.db, {
        username: body.username,
        email: body.email,
        passwordHash,
        // The app sends its language (Accept-Language): the first mails are in it.
        locale: body.locale ?? requestLocale(request),
        sponsorCode: sponsorUser?.creatorCode ?? null,
        // A brand's account applies for a provider; it never takes missions.
        kind: body.kind ?? 'streamer',
      })
    } catch (error) {
      const constraint = uniqueViolation(error)
      if (constraint) throw formInvalid(duplicateFieldErrors(constraint))
      throw error
    }
    const session = await createSession(app.db, user.id, clientOf(request))
    background(
      issueOneTimeToken(app.db, user.id, 'verify_email').then((token) =>
        sendVerificationMail(app.mailer, user, verificationLink(config.publicUrl, token, 'verify')),
      ),
      'verification mail',
    )
    return { code: session.token, user: toUser(user) }
  })

  registerRoute(app, 'signin', async ({ body, request }) => {
    const login = body.username.trim()
    const row = await findUserByLogin(app.db, login)
    // Counted before the password is checked (reserve, then release on success): see auth-limits.ts.
    const attempt = await admitSignin(limiter, config.turnstile, {
      account: signinAccountKey(row?.id, login),
      address: request.ip,
      captcha: body.captcha,
    })
    const valid = await verifyPassword(row?.passwordHash ?? dummyHash, body.plainPassword)
    if (!row || !valid) throw badCredentials()
    await attempt.succeeded()
    if (passwordNeedsRehash(row.passwordHash)) {
      await updateUser(app.db, row.id, { passwordHash: await hashPassword(body.plainPassword) })
    }
    const session = await createSession(app.db, row.id, clientOf(request))
    return { code: session.token, user: toUser(row) }
  })

  // 204 (the row's status): nothing to answer.
  registerRoute(app, 'logout', async ({ session }) => {
    if (session) {
      await revokeSession(app.db, session.id)
      await app.sessions.revoked([session.id])
      disconnectSession(app.io, session.id)
    }
    return undefined
  })

  registerRoute(app, 'recovery', async ({ body, request }) => {
    const login = body.username.trim()
    await limiter.consume(authLimits.recoveryAddress, request.ip)
    await requireHuman(config.turnstile, body.captcha, request.ip)
    await limiter.consume(authLimits.recoveryAccount, login)
    // The mail is prepared off the request path: a known user must not answer slower than an unknown one.
    background(
      findUserByLogin(app.db, login).then(async (row) => {
        if (!row) return
        const token = await issueOneTimeToken(app.db, row.id, 'reset_password')
        await sendResetMail(app.mailer, row, verificationLink(config.publicUrl, token, 'reset'))
      }),
      'recovery mail',
    )
    return { status: 'accepted' as const }
  })

  registerRoute(app, 'verify', async ({ body, request }) => {
    await limiter.consume(authLimits.tokenAddress, request.ip)
    const userId = await consumeOneTimeToken(app.db, body.token, 'verify_email')
    if (!userId) throw fieldInvalid('token', 'token.invalid')
    await updateUser(app.db, userId, { emailVerifiedAt: new Date() })
    return { emailVerified: true as const }
  })

  // The reset page asks before the new password is typed, so a dead link says so at once. Limited like
  // the reset itself: without it, the check would be a free oracle for guessing tokens.
  registerRoute(app, 'resetCheck', async ({ body, request }) => {
    await limiter.consume(authLimits.tokenAddress, request.ip)
    return { usable: await oneTimeTokenUsable(app.db, body.token, 'reset_password') }
  })

  registerRoute(app, 'reset', async ({ body, request }) => {
    await limiter.consume(authLimits.tokenAddress, request.ip)
    const passwordHash = await hashPassword(body.plainPassword)
    const reset = await completePasswordReset(app.db, body.token, passwordHash)
    if (!reset) throw fieldInvalid('token', 'token.invalid')
    // Every old session dies with the old password, sockets included (ASVS 3.3.3).
    await app.sessions.revoked(reset.revokedSessionIds)
    for (const sessionId of reset.revokedSessionIds) disconnectSession(app.io, sessionId)
    await forgetSigninFailures(limiter, reset.user.id)
    const session = await createSession(app.db, reset.user.id, clientOf(request))
    const fresh = (await findUserById(app.db, reset.user.id)) ?? reset.user
    return { code: session.token, user: toUser(fresh) }
  })

  await app.register(accountRoutes)
}
