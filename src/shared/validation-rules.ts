/**
 * Validation rules shared by the client forms and the server contract. Pure and dependency-free on
 * purpose: the client's first route may import it, and arktype must stay out of that bundle.
 */

/** SPEC §5 and §9: the password rule's lower bound. */
export const PASSWORD_MIN_LENGTH = 8
/** Long passphrases are welcome, but hashing megabytes of input per request is a cheap DoS. */
export const PASSWORD_MAX_LENGTH = 1024

/** Unicode-aware so that accented capitals (É) count as upper case. */
export const PASSWORD_UPPER = /\p{Lu}/u
export const PASSWORD_LOWER = /\p{Ll}/u
export const PASSWORD_DIGIT = /\d/

export function isStrongPassword(value: string): boolean {
  return (
    value.length >= PASSWORD_MIN_LENGTH &&
    value.length <= PASSWORD_MAX_LENGTH &&
    PASSWORD_UPPER.test(value) &&
    PASSWORD_LOWER.test(value) &&
    PASSWORD_DIGIT.test(value)
  )
}

export const USERNAME_MIN_LENGTH = 3
export const USERNAME_MAX_LENGTH = 32
/** ASCII only: usernames appear in tracking links and URLs, where look-alike letters would confuse. */
export const USERNAME_PATTERN = /^[A-Za-z0-9_.-]{3,32}$/

export function isValidUsername(value: string): boolean {
  return USERNAME_PATTERN.test(value)
}

/**
 * SPEC §5 url rule: optional http or https scheme, a host with at least one dot, optional path and query.
 * A port is tolerated because partner test servers use them.
 */
export const URL_PATTERN =
  /^(?:https?:\/\/)?(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9-]{2,63}(?::\d{1,5})?(?:\/[^\s?#]*)?(?:\?[^\s#]*)?$/i

export function isValidUrl(value: string): boolean {
  return URL_PATTERN.test(value)
}

/** IBAN lengths of the SEPA countries (ISO 13616 registry); payouts are SEPA transfers only. */
export const SEPA_IBAN_LENGTHS: Readonly<Record<string, number>> = {
  AD: 24,
  AT: 20,
  BE: 16,
  BG: 22,
  CH: 21,
  CY: 28,
  CZ: 24,
  DE: 22,
  DK: 18,
  EE: 20,
  ES: 24,
  FI: 18,
  FR: 27,
  GB: 22,
  GI: 23,
  GR: 27,
  HR: 21,
  HU: 28,
  IE: 22,
  IS: 26,
  IT: 27,
  LI: 21,
  LT: 20,
  LU: 20,
  LV: 21,
  MC: 27,
  MT: 31,
  NL: 18,
  NO: 15,
  PL: 28,
  PT: 25,
  RO: 24,
  SE: 24,
  SI: 19,
  SK: 24,
  SM: 27,
  VA: 22,
}

/** Upper-cases and drops the spaces and dashes people type or paste between groups. */
export function normalizeIban(value: string): string {
  return value.replace(/[\s-]+/g, '').toUpperCase()
}

/** Country code (ISO alpha-2) of an IBAN, or null when it does not start with one. */
export function ibanCountry(value: string): string | null {
  const match = /^([A-Z]{2})/.exec(normalizeIban(value))
  return match?.[1] ?? null
}

const IBAN_SHAPE = /^[A-Z]{2}\d{2}[A-Z0-9]+$/
/** ISO 7064 MOD 97-10: a valid IBAN, rearranged and read as a number, leaves 1. */
const IBAN_REMAINDER = 1

function ibanRemainder(iban: string): number {
  const rearranged = iban.slice(4) + iban.slice(0, 4)
  let remainder = 0
  for (const char of rearranged) {
    // Letters stand for 10..35; folding digit by digit keeps the number small.
    const digits = /\d/.test(char) ? char : String(char.charCodeAt(0) - 55)
    for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97
  }
  return remainder
}

export function isValidIban(value: string): boolean {
  const iban = normalizeIban(value)
  if (!IBAN_SHAPE.test(iban)) return false
  const expectedLength = SEPA_IBAN_LENGTHS[iban.slice(0, 2)]
  if (expectedLength === undefined || iban.length !== expectedLength) return false
  return ibanRemainder(iban) === IBAN_REMAINDER
}

/** Shows country, check digits and the last four characters only: `FR76 •••• •••• 1234`. */
export function maskIban(value: string): string {
  const iban = normalizeIban(value)
  // Too short to hide anything meaningful: hide it all rather than reveal most of it.
  if (iban.length < 8) return '•••• ••••'
  return `${iban.slice(0, 4)} •••• •••• ${iban.slice(-4)}`
}
