import { and, asc, desc, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import {
  AdminContentBody,
  type AdminContentEntry,
  AdminContentQuery,
  type ContactMessage,
  type NewsletterSubscriber,
} from '../../../shared/contract/content'
import { type ContentRow, contactMessages, content, newsletterSubscribers } from '../../db/schema'
import { conflict, fieldInvalid, notFound } from '../../http/api-error'
import { registerEndpoint } from '../../http/register-endpoint'
import { audit } from '../../lib/audit'

const adminEntry = (row: ContentRow): AdminContentEntry => ({
  id: row.id,
  domain: row.domain,
  locale: row.locale,
  code: row.code,
  title: row.title,
  body: row.body,
  topic: row.topic,
  position: row.position,
  updatedAt: row.updatedAt.toISOString(),
})

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Quotes a CSV cell, and defuses cells a spreadsheet would run as a formula. */
function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
  return `"${safe.replaceAll('"', '""')}"`
}

/** Content editing, newsletter export and the contact inbox for admins; every change is audited. */
export async function adminContentRoutes(app: FastifyInstance) {
  registerEndpoint(app, 'adminContent', { query: AdminContentQuery }, async ({ query }) => {
    const rows = await app.db
      .select()
      .from(content)
      .where(
        and(
          query.domain ? eq(content.domain, query.domain) : undefined,
          query.locale ? eq(content.locale, query.locale) : undefined,
        ),
      )
      .orderBy(asc(content.domain), asc(content.locale), asc(content.position), asc(content.code))
    return { items: rows.map(adminEntry), total: rows.length }
  })

  registerEndpoint(
    app,
    'adminContentUpdate',
    { body: AdminContentBody },
    async ({ params, body, session }) => {
      const actorId = session?.user.id ?? null
      const fields = { title: body.title, body: body.body, topic: body.topic ?? null }
      if (params.id === 'new') {
        if (!body.domain) throw fieldInvalid('domain', 'validation.required')
        if (!body.locale) throw fieldInvalid('locale', 'validation.required')
        if (!body.code) throw fieldInvalid('code', 'validation.required')
        const { domain, locale, code } = body
        return app.db.transaction(async (tx) => {
          const [row] = await tx
            .insert(content)
            .values({ ...fields, domain, locale, code, position: body.position ?? 0 })
            .onConflictDoNothing()
            .returning()
          if (!row)
            throw conflict('This entry already exists', { children: { code: { errors: ['code.taken'] } } })
          await audit(tx, {
            actorId,
            action: 'content.create',
            target: `content:${domain}/${locale}/${code}`,
          })
          return adminEntry(row)
        })
      }
      if (!UUID.test(params.id)) throw notFound('This entry does not exist')
      return app.db.transaction(async (tx) => {
        const [row] = await tx
          .update(content)
          .set({
            ...fields,
            ...(body.position === undefined ? {} : { position: body.position }),
            updatedAt: new Date(),
          })
          .where(eq(content.id, params.id))
          .returning()
        if (!row) throw notFound('This entry does not exist')
        await audit(tx, {
          actorId,
          action: 'content.update',
          target: `content:${row.domain}/${row.locale}/${row.code}`,
        })
        return adminEntry(row)
      })
    },
  )

  registerEndpoint(app, 'adminNewsletter', {}, async ({ request, reply, session }) => {
    const rows = await app.db
      .select()
      .from(newsletterSubscribers)
      .orderBy(desc(newsletterSubscribers.createdAt))
    const items: NewsletterSubscriber[] = rows.map((row) => ({
      id: row.id,
      email: row.email,
      locale: row.locale,
      status: row.status,
      confirmedAt: row.confirmedAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
    }))
    const wantsCsv = (request.headers.accept ?? '').includes('text/csv')
    if (!wantsCsv) return { items, total: items.length }
    // An export hands personal data out of the system: that is worth an audit line.
    await audit(app.db, {
      actorId: session?.user.id ?? null,
      action: 'newsletter.export',
      target: 'newsletter',
    })
    const header = ['email', 'locale', 'status', 'confirmed_at', 'created_at'].join(',')
    const lines = items.map((item) =>
      [item.email, item.locale, item.status, item.confirmedAt ?? '', item.createdAt].map(csvCell).join(','),
    )
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="newsletter-subscribers.csv"')
      .send(`${[header, ...lines].join('\r\n')}\r\n`)
  })

  registerEndpoint(app, 'adminContactMessages', {}, async () => {
    const rows = await app.db.select().from(contactMessages).orderBy(desc(contactMessages.createdAt))
    const items: ContactMessage[] = rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }))
    return { items, total: items.length }
  })
}
