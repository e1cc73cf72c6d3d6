/** A new e-mail verification link on request: the account page's button and the expired link's page. */
import type { FastifyInstance } from 'fastify'
import { fieldInvalid } from '#server/http/api-error.ts'
import { registerRoute } from '#server/http/register-endpoint.ts'
import { authLimits } from './auth-limits'
import { sendVerificationMail, verificationLink } from './auth-mails'
import { issueOneTimeToken, oneTimeTokenOwner } from './one-time-tokens'
import { findUserById } from './users-repository'

export function verificationResendRoute(app: FastifyInstance) {
  registerRoute(app, 'verifyResend', async ({ body, session, request }) => {
    await app.rateLimiter.consume(authLimits.tokenAddress, request.ip)
    // The session's account first: a signed-in user asks for their own address, whatever the token.
    const userId =
      session?.user.id ?? (body.token ? await oneTimeTokenOwner(app.db, body.token, 'verify_email') : null)
    if (!userId) throw fieldInvalid('token', 'token.invalid')
    const user = await findUserById(app.db, userId)
    if (!user) throw fieldInvalid('token', 'token.invalid')
    if (user.emailVerifiedAt) return { status: 'already_verified' as const }
    // Both counters or neither: a refusal by the daily one gives the minute's unit back.
    await app.rateLimiter.reserveAll([
      [authLimits.verifyResendMinute, user.id],
      [authLimits.verifyResendDay, user.id],
    ])
    const token = await issueOneTimeToken(app.db, user.id, 'verify_email')
    await sendVerificationMail(app.mailer, user, verificationLink(app.config.publicUrl, token, 'verify'))
    return { status: 'sent' as const }
  })
}
