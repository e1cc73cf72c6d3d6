/**
 * The one reader of an amount typed in euros, for every money field: what a French, English or
 * Spanish user types ("12,50", "12.50", "1 200,50 €", "1,200.50", "€10", with any kind of space)
 * becomes integer cents, the way the API takes money. Input it cannot read for sure is refused with
 * an error key (lib/validation-messages.ts gives its text), never guessed.
 */

export type EuroAmountError =
  /** Nothing typed. */
  | 'validation.required'
  /** Not an amount: letters, a sign, separators out of place. */
  | 'amount.invalid'
  /** "1,200" or "1.200": a thousand in one language, one point two in another. */
  | 'amount.ambiguous'
  /** More than two decimals: money counts in cents. */
  | 'amount.precision'
  /** More than nine digits of euros: no amount in the app comes near, and cents stay exact. */
  | 'amount.too_large'

export type EuroAmount = { ok: true; cents: number } | { ok: false; error: EuroAmountError }

const CENTS_PER_EURO = 100
const MAX_EURO_DIGITS = 9
/** A thousands group is three digits: "1 200", "1.200.000". */
const GROUP_DIGITS = 3

const refuse = (error: EuroAmountError): EuroAmount => ({ ok: false, error })

/**
 * The integer part without its thousands separators, or null when they are out of place. One kind
 * of separator only, the first group one to three digits, every other group three.
 */
function ungroup(integer: string): string | null {
  if (/^\d+$/.test(integer)) return integer
  const separators = new Set(integer.replace(/\d/g, ''))
  if (separators.size !== 1) return null
  const [separator = ''] = separators
  const groups = integer.split(separator)
  const [first = '', ...rest] = groups
  const grouped =
    first.length >= 1 && first.length <= GROUP_DIGITS && rest.every((group) => group.length === GROUP_DIGITS)
  return grouped && groups.every((group) => /^\d+$/.test(group)) ? groups.join('') : null
}

/**
 * Where the decimals start: the index of the decimal mark, -1 for none, or an error. With both marks,
 * the last one is the decimal mark ("1,200.50", "1.200,50"). With one mark seen once, it is the
 * decimal mark, unless exactly three digits follow it and nothing else tells: that is refused as
 * ambiguous. A mark seen more than once only groups thousands ("1.200.000").
 */
function decimalMarkIndex(number: string): number | EuroAmountError {
  const marks = [...number.matchAll(/[.,]/g)]
  const last = marks.at(-1)
  if (!last) return -1
  const lastMark = last[0]
  const sameAsLast = marks.filter((mark) => mark[0] === lastMark).length
  const bothKinds = marks.some((mark) => mark[0] !== lastMark)
  if (bothKinds) return sameAsLast === 1 ? last.index : 'amount.invalid'
  if (sameAsLast > 1) return -1
  const before = number.slice(0, last.index)
  const after = number.slice(last.index + 1)
  // Spaces already group the thousands ("1 200,500"): the mark can only be a decimal mark.
  const spaceGrouped = /\d\s\d/.test(before)
  const couldGroup = /^[1-9]\d{0,2}$/.test(before) && after.length === GROUP_DIGITS
  return couldGroup && !spaceGrouped ? 'amount.ambiguous' : last.index
}

/** Reads an amount typed in euros; see the module comment for what it accepts. */
export function parseEuroAmount(text: string): EuroAmount {
  // Every kind of space (no-break, narrow no-break, thin) reads as one plain space.
  const spaced = text.replace(/\s+/g, ' ').trim()
  if (spaced === '') return refuse('validation.required')
  // The euro sign before or after the number ("€10", "10 €"), not both.
  const number = spaced.startsWith('€') ? spaced.replace(/^€ ?/, '') : spaced.replace(/ ?€$/, '')
  if (!/^\d[\d .,]*$/.test(number) || /\D$/.test(number)) return refuse('amount.invalid')
  const mark = decimalMarkIndex(number)
  if (typeof mark === 'string') return refuse(mark)
  const integer = ungroup(mark === -1 ? number : number.slice(0, mark))
  const fraction = mark === -1 ? '' : number.slice(mark + 1)
  if (integer === null || !/^\d*$/.test(fraction)) return refuse('amount.invalid')
  if (fraction.length > 2) return refuse('amount.precision')
  const euros = integer.replace(/^0+(?=\d)/, '')
  if (euros.length > MAX_EURO_DIGITS) return refuse('amount.too_large')
  return { ok: true, cents: Number(euros) * CENTS_PER_EURO + Number(fraction.padEnd(2, '0')) }
}
