import { randomBytes } from 'node:crypto'
import { type } from 'arktype'
import { eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { ContactBody, NewsletterBody, NewsletterTokenBody } from '../../../shared/contract/content'
import { contactMessages, newsletterSubscribers, selections } from '../../db/schema'
import { notFound } from '../../http/api-error'
import { requestLocale } from '../../http/locale'
import { registerEndpoint } from '../../http/register-endpoint'
import { requireHuman } from '../../lib/turnstile'
import { hashToken } from '../auth/sessions'
import { cachedPublishedMissions } from '../deals/mission-catalogue'
import { formLimits } from './form-limits'
import { newsletterMail, supportAddress } from './site-mails'

// 32 bytes: the same strength as a session token; the link is the only proof of the address.
const TOKEN_BYTES = 32

/** The public forms of the site (contact, newsletter) and the home page's mission selections. */
export async function publicFormsRoutes(app: FastifyInstance) {
  const { config } = app

  registerEndpoint(
    app,
    'selection',
    { query: type({ 'locale?': 'string <= 10' }) },
    async ({ params, request }) => {
      const [row] = await app.db.select().from(selections).where(eq(selections.id, params.id)).limit(1)
      if (!row) throw notFound('This selection does not exist')
      const published = await cachedPublishedMissions(app.db, requestLocale(request))
      const byCode = new Map(published.map((mission) => [mission.code, mission]))
      // The selection's order is the editor's; closed or draft missions simply drop out.
      const items = row.missionCodes.flatMap((code) => byCode.get(code) ?? [])
      return { id: row.id, title: row.id, items }
    },
  )

  registerEndpoint(app, 'contact', { body: ContactBody }, async ({ body, request, reply }) => {
    await app.rateLimiter.consume(formLimits.contactAddress, request.ip)
    await requireHuman(config.turnstile, body.captcha, request.ip)
    const [stored] = await app.db
      .insert(contactMessages)
      .values({ name: body.name, email: body.email, subject: body.subject, message: body.message })
      .returning({ id: contactMessages.id })
    await app.mailer.send({
      to: supportAddress(config),
      subject: `[Contact] ${body.subject}`,
      text: `From: ${body.name} <${body.email}>\n\n${body.message}\n\n(message ${stored?.id ?? ''})`,
    })
    return reply.code(201).send({ id: stored?.id })
  })

  registerEndpoint(app, 'newsletterSubscribe', { body: NewsletterBody }, async ({ body, request, reply }) => {
    await app.rateLimiter.consume(formLimits.newsletterAddress, request.ip)
    await app.rateLimiter.consume(formLimits.newsletterEmail, body.email)
    await requireHuman(config.turnstile, body.captcha, request.ip)
    const locale = body.locale ?? requestLocale(request)
    const token = randomBytes(TOKEN_BYTES).toString('base64url')
    const [existing] = await app.db
      .select()
      .from(newsletterSubscribers)
      .where(sql`lower(${newsletterSubscribers.email}) = lower(${body.email})`)
      .limit(1)
    // A confirmed address gets no new mail: the answer is the same, so nobody learns who subscribed.
    if (existing?.status !== 'confirmed') {
      const fresh = { locale, tokenHash: hashToken(token), status: 'pending' as const, confirmedAt: null }
      if (existing)
        await app.db.update(newsletterSubscribers).set(fresh).where(eq(newsletterSubscribers.id, existing.id))
      else
        await app.db
          .insert(newsletterSubscribers)
          .values({ ...fresh, email: body.email })
          .onConflictDoNothing()
      await app.mailer.send(newsletterMail(config.publicUrl, body.email, token, locale))
    }
    return reply.code(202).send({ status: 'pending' })
  })

  registerEndpoint(app, 'newsletterToken', { body: NewsletterTokenBody }, async ({ params, body }) => {
    const confirming = body.action === 'confirm'
    const [row] = await app.db
      .update(newsletterSubscribers)
      .set(
        confirming
          ? { status: 'confirmed', confirmedAt: sql`coalesce(${newsletterSubscribers.confirmedAt}, now())` }
          : { status: 'unsubscribed' },
      )
      .where(eq(newsletterSubscribers.tokenHash, hashToken(params.token)))
      .returning({ status: newsletterSubscribers.status })
    if (!row) throw notFound('This link is not valid')
    return { status: row.status }
  })
}
