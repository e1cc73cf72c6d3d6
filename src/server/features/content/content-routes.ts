import type { FastifyInstance } from 'fastify'
import { notFound } from '../../http/api-error'
import { isSupportedLocale } from '../../http/locale'
import { registerRoute } from '../../http/register-endpoint'
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
