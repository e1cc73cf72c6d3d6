/**
 * The one money formatter and name shortener. Kept free of arktype and dayjs so
 * the first route can use it; the date formatter lives in format-date.ts.
 */
import { moneyLanguage } from './money-locale'

const DEFAULT_CURRENCY = 'EUR'
/** Money travels as integer cents (EUR has two minor-unit digits). */
const CENTS_PER_UNIT = 100

export interface MoneyLike {
  readonly amount: number
  readonly currency: string
}

export interface FormatMoneyOptions {
  readonly currency?: string
  readonly locale?: string
}

// Building an Intl.NumberFormat is costly; long lists format hundreds of amounts.
const formatters = new Map<string, Intl.NumberFormat>()

function moneyFormatter(locale: string, currency: string): Intl.NumberFormat {
  const key = `${locale}|${currency}`
  let formatter = formatters.get(key)
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, { style: 'currency', currency })
    formatters.set(key, formatter)
  }
  return formatter
}

// What Intl writes for fr-FR: a narrow no-break space between thousands, a no-break space before €.
const THOUSANDS_SEPARATOR = '\u202f'
const SYMBOL_SEPARATOR = '\u00a0'

const DEFAULT_NUMBER_LOCALE = 'fr-FR'

/** The number locale money is written in for each interface language. */
const MONEY_LOCALES: Readonly<Record<string, string>> = { en: 'en-IE', fr: 'fr-FR', es: 'es-ES' }
const PLAIN_LOCALES = new Set(Object.values(MONEY_LOCALES))

/**
 * The number locale for an interface language (`en`, `fr-CA`...): en-IE, fr-FR or es-ES, else fr-FR.
 * Without a locale, formatMoney uses the one of the language the client set (money-locale.ts).
 */
export function moneyLocale(language: string | undefined): string {
  return (language && MONEY_LOCALES[language.slice(0, 2).toLowerCase()]) || DEFAULT_NUMBER_LOCALE
}

/**
 * Euros exactly as Intl writes them in fr-FR, en-IE and es-ES (a test holds them together), without
 * Intl: the first NumberFormat of a page loads ICU's locale data, ~13 ms of main thread on a mid-range
 * phone in the middle of the home page's hydration, for the amounts nearly every screen shows. Only
 * en-IE differs in shape: a decimal point, and the symbol first.
 */
function plainEuros(cents: number, locale: string): string {
  const whole = Math.abs(Math.round(cents))
  const units = formatCount(Math.floor(whole / CENTS_PER_UNIT), locale)
  const fraction = String(whole % CENTS_PER_UNIT).padStart(2, '0')
  const sign = cents < 0 && whole > 0 ? '-' : ''
  return locale === 'en-IE'
    ? `${sign}€${units}.${fraction}`
    : `${sign}${units},${fraction}${SYMBOL_SEPARATOR}€`
}

/**
 * Formats a Money value or a bare amount in cents: `formatMoney(123456)` gives `1 234,56 €` in French,
 * `€1,234.56` once the client has set English. Formatters are built once per locale and currency.
 */
export function formatMoney(money: MoneyLike | number, options: FormatMoneyOptions = {}): string {
  const cents = typeof money === 'number' ? money : money.amount
  const currency = options.currency ?? (typeof money === 'number' ? DEFAULT_CURRENCY : money.currency)
  const locale = options.locale ?? moneyLocale(moneyLanguage())
  if (currency === DEFAULT_CURRENCY && PLAIN_LOCALES.has(locale)) return plainEuros(cents, locale)
  return moneyFormatter(locale, currency).format(cents / CENTS_PER_UNIT)
}

export const ELLIPSIS = '…'

/** Cuts a name to `max` characters (code points, so emoji are never split) and adds an ellipsis. */
export function shortenName(name: string, max: number): string {
  const characters = Array.from(name)
  if (characters.length <= max) return name
  return `${characters.slice(0, Math.max(0, max)).join('').trimEnd()}${ELLIPSIS}`
}

// Digit grouping as Intl writes whole numbers in our languages: the separator, and the smallest number
// that gets one (Spanish leaves four-digit numbers whole: CLDR's minimumGroupingDigits of 2).
const GROUPING: Record<string, { separator: string; from: number }> = {
  en: { separator: ',', from: 1000 },
  fr: { separator: THOUSANDS_SEPARATOR, from: 1000 },
  es: { separator: '.', from: 10_000 },
}

/**
 * A whole count ("1,500", "1 500", "1500" / "15.000") in the language's digits grouping, exactly as
 * Intl.NumberFormat writes it (a test holds the two together) but without it: the first NumberFormat
 * of a page loads ICU's number data, 14 ms of main thread on this machine in the middle of the home
 * page's hydration (Lingui's plural builds one for its `#`), four times that on Lighthouse's phone.
 */
export function formatCount(value: number, locale: string): string {
  const grouping = GROUPING[locale.slice(0, 2)]
  if (!grouping || !Number.isSafeInteger(value)) return new Intl.NumberFormat(locale).format(value)
  const digits = String(Math.abs(value))
  const grouped =
    Math.abs(value) >= grouping.from ? digits.replace(/\B(?=(\d{3})+$)/g, grouping.separator) : digits
  return value < 0 ? `-${grouped}` : grouped
}
