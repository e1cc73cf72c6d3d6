/**
 * The one money formatter and name shortener (SPEC §9 defaults). Kept free of arktype and dayjs so
 * the first route can use it; the date formatter lives in format-date.ts.
 */
export const DEFAULT_CURRENCY = 'EUR'
export const DEFAULT_NUMBER_LOCALE = 'fr-FR'
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

/** Formats a Money value or a bare amount in cents: `formatMoney(123456)` gives `1 234,56 €`. */
export function formatMoney(money: MoneyLike | number, options: FormatMoneyOptions = {}): string {
  const cents = typeof money === 'number' ? money : money.amount
  const currency = options.currency ?? (typeof money === 'number' ? DEFAULT_CURRENCY : money.currency)
  return moneyFormatter(options.locale ?? DEFAULT_NUMBER_LOCALE, currency).format(cents / CENTS_PER_UNIT)
}

export const ELLIPSIS = '…'

/** Cuts a name to `max` characters (code points, so emoji are never split) and adds an ellipsis. */
export function shortenName(name: string, max: number): string {
  const characters = Array.from(name)
  if (characters.length <= max) return name
  return `${characters.slice(0, Math.max(0, max)).join('').trimEnd()}${ELLIPSIS}`
}
