/**
 * Which number locale money is written in: the interface language's. Apart from format.ts so that
 * setting it (the client's language switch, on the first route) does not bring the formatter along.
 */
export const DEFAULT_NUMBER_LOCALE = 'fr-FR'

/** The number locale for each interface language. */
const MONEY_LOCALES: Readonly<Record<string, string>> = { en: 'en-IE', fr: 'fr-FR', es: 'es-ES' }

/** The number locale for an interface language (`en`, `fr-CA`...): en-IE, fr-FR or es-ES, else fr-FR. */
export function moneyLocale(language: string | undefined): string {
  return (language && MONEY_LOCALES[language.slice(0, 2).toLowerCase()]) || DEFAULT_NUMBER_LOCALE
}

// The client sets it when it activates a catalog, so every amount on screen follows the language of
// the words around it. Server code passes its locale to formatMoney instead.
let active = DEFAULT_NUMBER_LOCALE

/** Sets the locale `formatMoney` uses when none is given (the client calls it on a language change). */
export function setMoneyLanguage(language: string | undefined): void {
  active = moneyLocale(language)
}

/** The locale `formatMoney` uses when none is given. */
export const activeMoneyLocale = (): string => active
