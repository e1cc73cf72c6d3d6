/**
 * Registration, sign-in, logout, recovery and e-mail verification (SPEC §3, §5, §7; DESIGN §3).
 * No answer tells whether an account exists: a wrong password and an unknown username look and take
 * the same, and recovery always answers the same.
 */
import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { users } from '#server/db/schema.ts'
import { badCredentials, fieldInvalid, formInvalid } from '#server/http/api-error.ts'
import { registerEndpoint } from '#server/http/register-endpoint.ts'
import { hashPassword, passwordNeedsRehash, verifyPassword } from '#server/lib/passwords.ts'
import { requireHuman } from '#server/lib/turnstile.ts'
import { disconnectSession } from '#server/plugins/socket.ts'
import {
  type AuthSettings,
  RecoveryBody,
  ResetBody,
  SigninBody,
  SignupBody,
  VerifyBody,
} from '#shared/contract/auth.ts'
import { type FormErrorTree, formError, mergeFormErrors } from '#shared/contract/errors.ts'
import { accountRoutes } from './account-routes'
import { admitSignin, authLimits, forgetSigninFailures, signinAccountKey } from './auth-limits'
import { sendResetMail, sendVerificationMail, verificationLink } from './auth-mails'
import { consumeOneTimeToken, issueOneTimeToken } from './one-time-tokens'
import { createSession, revokeSession, revokeUserSessions } from './sessions'
import {
  creatorCodeExists,
  emailTaken,
  findUserById,
  findUserByLogin,
  newCreatorCode,
  toUser,
  uniqueViolation,
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

  registerEndpoint(app, 'authSettings', {}, async (): Promise<AuthSettings> => {
    const twitch = config.twitch
    return {
      turnstileSiteKey: config.turnstile?.siteKey ?? null,
      twitch: twitch ? { clientId: twitch.clientId, authorizeUrl: `${twitch.urls.oauth}/authorize` } : null,
    }
  })

  registerEndpoint(app, 'signup', { body: SignupBody }, async ({ body, request, reply }) => {
    await limiter.consume(authLimits.signupAddress, request.ip)
    await requireHuman(config.turnstile, body.captcha, request.ip)
    const sponsor = body.sponsor?.trim() ? body.sponsor.trim().toUpperCase() : null
    const [nameTaken, mailTaken, sponsorKnown] = await Promise.all([
      usernameTaken(app.db, body.username),
      emailTaken(app.db, body.email),
      sponsor ? creatorCodeExists(app.db, sponsor) : Promise.resolve(true),
    ])
    const problems: FormErrorTree[] = []
    if (nameTaken) problems.push(formError('username', 'username.taken'))
    if (mailTaken) problems.push(formError('email', 'email.taken'))
    if (!sponsorKnown) problems.push(formError('sponsor', 'sponsor.unknown'))
    if (problems.length) throw formInvalid(mergeFormErrors(...problems))

    const passwordHash = await hashPassword(body.plainPassword)
    let row: typeof users.$inferSelect | undefined
    try {
      ;[row] = await app.db
        .insert(users)
        .values({
          username: body.username,
          email: body.email,
          passwordHash,
          locale: body.locale ?? 'en',
          creatorCode: newCreatorCode(),
          sponsorCode: sponsor,
        })
        .returning()
    } catch (error) {
      const constraint = uniqueViolation(error)
      if (constraint) throw formInvalid(duplicateFieldErrors(constraint))
      throw error
    }
    if (!row) throw new Error('user insert returned no row')
    const session = await createSession(app.db, row.id, clientOf(request))
    const user = row
    background(
      issueOneTimeToken(app.db, user.id, 'verify_email').then((token) =>
        sendVerificationMail(app.mailer, user, verificationLink(config.publicUrl, token, 'verify')),
      ),
      'verification mail',
    )
    reply.code(201)
    return { code: session.token, user: toUser(row) }
  })

  registerEndpoint(app, 'signin', { body: SigninBody }, async ({ body, request }) => {
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
      await app.db
        .update(users)
        .set({ passwordHash: await hashPassword(body.plainPassword) })
        .where(eq(users.id, row.id))
    }
    const session = await createSession(app.db, row.id, clientOf(request))
    return { code: session.token, user: toUser(row) }
  })

  registerEndpoint(app, 'logout', {}, async ({ session, reply }) => {
    if (session) {
      await revokeSession(app.db, session.id)
      disconnectSession(app.io, session.id)
    }
    return reply.code(204).send()
  })

  registerEndpoint(app, 'recovery', { body: RecoveryBody }, async ({ body, request, reply }) => {
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
    return reply.code(202).send({ status: 'accepted' })
  })

  registerEndpoint(app, 'verify', { body: VerifyBody }, async ({ body, request }) => {
    await limiter.consume(authLimits.tokenAddress, request.ip)
    const userId = await consumeOneTimeToken(app.db, body.token, 'verify_email')
    if (!userId) throw fieldInvalid('token', 'token.invalid')
    await app.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, userId))
    return { emailVerified: true }
  })

  registerEndpoint(app, 'reset', { body: ResetBody }, async ({ body, request }) => {
    await limiter.consume(authLimits.tokenAddress, request.ip)
    const passwordHash = await hashPassword(body.plainPassword)
    const result = await app.db.transaction(async (tx) => {
      const userId = await consumeOneTimeToken(tx, body.token, 'reset_password')
      if (!userId) return null
      // The link proved the mailbox, so the address counts as verified too.
      const [row] = await tx
        .update(users)
        .set({ passwordHash, emailVerifiedAt: new Date() })
        .where(eq(users.id, userId))
        .returning()
      const revoked = await revokeUserSessions(tx, userId)
      return row ? { row, revoked } : null
    })
    if (!result) throw fieldInvalid('token', 'token.invalid')
    // Every old session dies with the old password, sockets included (ASVS 3.3.3).
    for (const sessionId of result.revoked) disconnectSession(app.io, sessionId)
    await forgetSigninFailures(limiter, result.row.id)
    const session = await createSession(app.db, result.row.id, clientOf(request))
    const fresh = (await findUserById(app.db, result.row.id)) ?? result.row
    return { code: session.token, user: toUser(fresh) }
  })

  await app.register(accountRoutes)
}
