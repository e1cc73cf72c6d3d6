import type { FastifyInstance } from 'fastify'
import { notFound } from '#server/http/api-error.ts'
import { isSupportedLocale } from '#server/http/locale.ts'
import { registerRoute } from '#server/http/register-endpoint.ts'
import { isContentDomain, listContent } from './content-repository'

export async function contentRoutes(app: FastifyInstance) {
  registerRoute(app, 'translation', async ({ params }) => {
    // An unknown domain is a missing resource (404), not a malformed request.
    if (!isContentDomain(params.domain)) throw notFound('Unknown content domain')
    // An unknown locale falls back to English rather than failing: content should always show.
    const locale = isSupportedLocale(params.local) ? params.local : 'en'
    return { domain: params.domain, locale, items: await listContent(app.db, params.domain, locale) }
  })
}
