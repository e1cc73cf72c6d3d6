import type { FastifyInstance } from 'fastify'
import { notFound } from '../../http/api-error'
import { isSupportedLocale } from '../../http/locale'
import { registerEndpoint } from '../../http/register-endpoint'
import { isContentDomain, listContent } from './content-repository'

export async function contentRoutes(app: FastifyInstance) {
  registerEndpoint(app, 'translation', {}, async ({ params }) => {
    if (!isContentDomain(params.domain)) throw notFound('Unknown content domain')
    // An unknown locale falls back to English rather than failing: content should always show.
    const locale = isSupportedLocale(params.local) ? params.local : 'en'
    const items = await listContent(app.db, params.domain, locale)
    return { domain: params.domain, locale, items }
  })
}
