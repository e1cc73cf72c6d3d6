import { i18n, type Messages } from '@lingui/core'
import type { Locale } from '#shared/contract/common.ts'
import { getSession, setSessionLanguage } from './session'

/**
 * The locales the client ships catalogs for. Restated here because the contract's list
 * lives beside arktype schemas that must stay out of the first route; `satisfies` keeps them in step.
 */
export const locales = ['en', 'fr', 'es'] as const satisfies readonly Locale[]
export type AppLocale = Locale
const defaultLocale: AppLocale = 'en'

export const localeCookie = 'i18n_cookie'
// 365 days: a language choice should outlive a browser session by far.
const cookieMaxAgeSeconds = 365 * 24 * 60 * 60

export const localeNames: Record<AppLocale, string> = { en: 'English', fr: 'Français', es: 'Español' }

export function isLocale(value: unknown): value is AppLocale {
  return typeof value === 'string' && (locales as readonly string[]).includes(value)
}

function readCookie(cookies: string, name: string): string | null {
  for (const part of cookies.split(';')) {
    const [key, ...rest] = part.trim().split('=')
    if (key === name) return decodeURIComponent(rest.join('='))
  }
  return null
}

/** Matches `fr-CA` to `fr`: a browser rarely asks for the bare language. */
function fromLanguageTag(tag: string): AppLocale | null {
  const base = tag.toLowerCase().split('-')[0]
  return isLocale(base) ? base : null
}

/** Locale order of precedence: saved cookie, then the browser's languages, then English. */
export function detectLocale(
  cookies: string = typeof document === 'undefined' ? '' : document.cookie,
  languages: readonly string[] = typeof navigator === 'undefined' ? [] : navigator.languages,
): AppLocale {
  const saved = readCookie(cookies, localeCookie)
  if (isLocale(saved)) return saved
  for (const tag of languages) {
    const match = fromLanguageTag(tag)
    if (match) return match
  }
  return defaultLocale
}

/**
 * Loads a catalog and activates it. The Lingui Vite plugin compiles the .po file on import, and
 * the dynamic import gives each locale its own small chunk. A failure only reaches the console:
 * the app keeps working in whatever locale is already active.
 */
export async function activateLocale(locale: AppLocale): Promise<void> {
  try {
    const { messages } = (await import(`../locales/${locale}/messages.po`)) as { messages: Messages }
    // Before the catalog wakes the screen up: amounts read their language from <html lang>.
    if (typeof document !== 'undefined') document.documentElement.lang = locale
    i18n.loadAndActivate({ locale, messages })
    setSessionLanguage(locale)
  } catch (error) {
    console.error(`Could not load the "${locale}" translations`, error)
  }
}

function saveLocaleCookie(locale: AppLocale): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Firefox; this is one plain write.
  document.cookie = `${localeCookie}=${locale}; Max-Age=${cookieMaxAgeSeconds}; Path=/; SameSite=Lax`
}

/** The user's explicit choice: remembered in the cookie, then applied. */
export async function setLocale(locale: AppLocale): Promise<void> {
  saveLocaleCookie(locale)
  await activateLocale(locale)
}

/** The active locale, as the session holds it (activateLocale writes it; English before any). */
export function currentLocale(): AppLocale {
  return getSession().language
}
