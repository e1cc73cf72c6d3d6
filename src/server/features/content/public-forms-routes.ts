import { randomBytes } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { cachedPublishedMissions } from '#server/features/deals/mission-catalogue-service.ts'
import { notFound } from '#server/http/api-error.ts'
import { requestLocale } from '#server/http/locale.ts'
import { registerRoute } from '#server/http/register-endpoint.ts'
import { hashToken } from '#server/lib/tokens.ts'
import { requireHuman } from '#server/lib/turnstile.ts'
import { formLimits } from './form-limits'
import {
  answerNewsletterToken,
  findSelectionCodes,
  requestNewsletterOptIn,
  storeContactMessage,
} from './forms-repository'
import { newsletterMail, supportAddress } from './site-mails'

// 32 bytes: the same strength as a session token; the link is the only proof of the address.
const TOKEN_BYTES = 32

/** The public forms of the site (contact, newsletter) and the home page's mission selections. */
export async function publicFormsRoutes(app: FastifyInstance) {
  const { config } = app

  registerRoute(app, 'selection', async ({ params, request }) => {
    const codes = await findSelectionCodes(app.db, params.id)
    if (!codes) throw notFound('This selection does not exist')
    const published = await cachedPublishedMissions(app.db, requestLocale(request))
    const byCode = new Map(published.map((mission) => [mission.code, mission]))
    // The selection's order is the editor's; closed or draft missions simply drop out.
    return { id: params.id, title: params.id, items: codes.flatMap((code) => byCode.get(code) ?? []) }
  })

  registerRoute(app, 'contact', async ({ body, request }) => {
    await app.rateLimiter.consume(formLimits.contactAddress, request.ip)
    await requireHuman(config.turnstile, body.captcha, request.ip)
    const id = await storeContactMessage(app.db, {
      name: body.name,
      email: body.email,
      subject: body.subject,
      message: body.message,
    })
    await app.mailer.send({
      to: supportAddress(config),
      subject: `[Contact] ${body.subject}`,
      text: `From: ${body.name} <${body.email}>\n\n${body.message}\n\n(message ${id})`,
    })
    return { id }
  })

  registerRoute(app, 'newsletterSubscribe', async ({ body, request }) => {
    await app.rateLimiter.consume(formLimits.newsletterAddress, request.ip)
    await app.rateLimiter.consume(formLimits.newsletterEmail, body.email)
    await requireHuman(config.turnstile, body.captcha, request.ip)
    const locale = body.locale ?? requestLocale(request)
    const token = randomBytes(TOKEN_BYTES).toString('base64url')
    const mailed = await requestNewsletterOptIn(app.db, {
      email: body.email,
      locale,
      tokenHash: hashToken(token),
    })
    if (mailed) await app.mailer.send(newsletterMail(config.publicUrl, body.email, token, locale))
    // The same answer either way: nobody learns whether an address had subscribed.
    return { status: 'pending' as const }
  })

  registerRoute(app, 'newsletterToken', async ({ params, body }) => {
    const status = await answerNewsletterToken(app.db, hashToken(params.token), body.action)
    if (!status) throw notFound('This link is not valid')
    return { status }
  })
}
