import type { FastifyRequest } from 'fastify'

const SUPPORTED_LOCALES = ['en', 'fr', 'es'] as const
export type SupportedLocale = (typeof SUPPORTED_LOCALES)[number]

export const isSupportedLocale = (value: unknown): value is SupportedLocale =>
  typeof value === 'string' && (SUPPORTED_LOCALES as readonly string[]).includes(value)

/**
 * The language to answer in: an explicit `?locale=`, else the first supported language of
 * Accept-Language (quality order), else English.
 */
export function requestLocale(request: FastifyRequest): SupportedLocale {
  const explicit = (request.query as Record<string, unknown> | undefined)?.locale
  if (isSupportedLocale(explicit)) return explicit
  const header = request.headers['accept-language']
  if (!header) return 'en'
  const ranked = header
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';')
      const q = params.find((param) => param.trim().startsWith('q='))
      return {
        language: tag.toLowerCase().split('-')[0] ?? '',
        quality: q ? Number(q.trim().slice(2)) || 0 : 1,
      }
    })
    .sort((a, b) => b.quality - a.quality)
  return (
    (ranked.find((entry) => isSupportedLocale(entry.language))?.language as SupportedLocale | undefined) ??
    'en'
  )
}

/** Picks the text of a localized value, falling back to English. */
export function localized(text: { en: string; fr?: string; es?: string }, locale: SupportedLocale): string {
  return text[locale] ?? text.en
}
