import type { FastifyRequest } from 'fastify'
import { isSupportedLocale, requestLocale, type SupportedLocale } from '#server/http/locale.ts'

const LOCALE_COOKIE = 'i18n_cookie'

function cookieValue(header: string | undefined, name: string): string | null {
  for (const part of (header ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=')
    if (key === name) {
      try {
        return decodeURIComponent(rest.join('='))
      } catch {
        return null
      }
    }
  }
  return null
}

/** A page's language, as the browser would pick it: the cookie, then Accept-Language, then English. */
export function pageLocale(request: FastifyRequest): SupportedLocale {
  const saved = cookieValue(request.headers.cookie, LOCALE_COOKIE)
  return isSupportedLocale(saved) ? saved : requestLocale(request)
}
