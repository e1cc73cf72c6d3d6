/**
 * The one money formatter, date formatter and name shortener (SPEC §9 defaults). Kept free of
 * arktype so the first route can use it.
 */
import dayjs from 'dayjs'

export const DEFAULT_CURRENCY = 'EUR'
export const DEFAULT_NUMBER_LOCALE = 'fr-FR'
export const DEFAULT_DATE_FORMAT = 'DD/MM/YYYY'
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

/**
 * Formats an ISO date in UTC, whatever the viewer's time zone, so that a date stored as
 * `2024-03-01` never shows as the 29th of February west of Greenwich. Empty or invalid input gives ''.
 */
export function formatDate(
  value: string | Date | null | undefined,
  format: string = DEFAULT_DATE_FORMAT,
): string {
  if (value === null || value === undefined || value === '') return ''
  const date = value instanceof Date ? value : new Date(value)
  if (Number.isNaN(date.getTime())) return ''
  // Rebuild the UTC wall-clock time as a local date: dayjs then formats exactly those fields.
  const wallClock = new Date(
    date.getUTCFullYear(),
    date.getUTCMonth(),
    date.getUTCDate(),
    date.getUTCHours(),
    date.getUTCMinutes(),
    date.getUTCSeconds(),
    date.getUTCMilliseconds(),
  )
  return dayjs(wallClock).format(format)
}

export const ELLIPSIS = '…'

/** Cuts a name to `max` characters (code points, so emoji are never split) and adds an ellipsis. */
export function shortenName(name: string, max: number): string {
  const characters = Array.from(name)
  if (characters.length <= max) return name
  return `${characters.slice(0, Math.max(0, max)).join('').trimEnd()}${ELLIPSIS}`
}
