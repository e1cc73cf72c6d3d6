import type { FastifyInstance } from 'fastify'
import { isUuid } from '#server/db/ids.ts'
import { conflict, fieldInvalid, notFound } from '#server/http/api-error.ts'
import { registerRoute } from '#server/http/register-endpoint.ts'
import { audit } from '#server/lib/audit.ts'
import { csvText } from '#server/lib/csv.ts'
import { createContentEntry, listAdminContent, updateContentEntry } from './admin-content-repository'
import { listContactMessages, listNewsletterSubscribers } from './forms-repository'

/** Content editing, newsletter export and the contact inbox for admins; every change is audited. */
export async function adminContentRoutes(app: FastifyInstance) {
  registerRoute(app, 'adminContent', async ({ query }) => {
    const items = await listAdminContent(app.db, query)
    return { items, total: items.length }
  })

  registerRoute(app, 'adminContentUpdate', async ({ params, body, session }) => {
    const actorId = session?.user.id ?? null
    const text = { title: body.title, body: body.body, topic: body.topic ?? null }
    if (params.id === 'new') {
      if (!body.domain) throw fieldInvalid('domain', 'validation.required')
      if (!body.locale) throw fieldInvalid('locale', 'validation.required')
      if (!body.code) throw fieldInvalid('code', 'validation.required')
      const created = await createContentEntry(app.db, actorId, {
        ...text,
        domain: body.domain,
        locale: body.locale,
        code: body.code,
        position: body.position ?? 0,
      })
      if (!created)
        throw conflict('This entry already exists', { children: { code: { errors: ['code.taken'] } } })
      return created
    }
    if (!isUuid(params.id)) throw notFound('This entry does not exist')
    const updated = await updateContentEntry(app.db, actorId, params.id, {
      ...text,
      ...(body.position === undefined ? {} : { position: body.position }),
    })
    if (!updated) throw notFound('This entry does not exist')
    return updated
  })

  registerRoute(app, 'adminNewsletter', async () => {
    const items = await listNewsletterSubscribers(app.db)
    return { items, total: items.length }
  })

  registerRoute(app, 'adminNewsletterExport', async ({ reply, session }) => {
    const items = await listNewsletterSubscribers(app.db)
    // An export hands personal data out of the system: that is worth an audit line.
    await audit(app.db, {
      actorId: session?.user.id ?? null,
      action: 'newsletter.export',
      target: 'newsletter',
    })
    const header = ['email', 'locale', 'status', 'confirmed_at', 'created_at'].join(',')
    const lines = items.map((item) =>
      [item.email, item.locale, item.status, item.confirmedAt ?? '', item.createdAt].map(csvText).join(','),
    )
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="newsletter-subscribers.csv"')
      .send(`${[header, ...lines].join('\r\n')}\r\n`)
  })

  registerRoute(app, 'adminContactMessages', async () => {
    const items = await listContactMessages(app.db)
    return { items, total: items.length }
  })
}
