/**
 * Validation rules shared by the client forms and the server contract. Pure and dependency-free on
 * purpose: the client's first route may import it, and arktype must stay out of that bundle.
 */

/** The password rule's lower bound. */
export const PASSWORD_MIN_LENGTH = 8
/** Long passphrases are welcome, but hashing megabytes of input per request is a cheap DoS. */
export const PASSWORD_MAX_LENGTH = 1024

/** Unicode-aware so that accented capitals (É) count as upper case. */
export const PASSWORD_UPPER = /\p{Lu}/u
export const PASSWORD_LOWER = /\p{Ll}/u
export const PASSWORD_DIGIT = /\d/

/**
 * Characters as people (and JSON Schema's minLength/maxLength) count them: code points, so an emoji
 * is one character, not the two UTF-16 units `length` reports.
 */
export function characterCount(value: string): number {
  let count = 0
  for (const _ of value) count++
  return count
}

export function isStrongPassword(value: string): boolean {
  const length = characterCount(value)
  return (
    length >= PASSWORD_MIN_LENGTH &&
    length <= PASSWORD_MAX_LENGTH &&
    PASSWORD_UPPER.test(value) &&
    PASSWORD_LOWER.test(value) &&
    PASSWORD_DIGIT.test(value)
  )
}

/** ASCII only, 3 to 32 characters: usernames appear in tracking links and URLs, where look-alike letters would confuse. */
export const USERNAME_PATTERN = /^[A-Za-z0-9_.-]{3,32}$/

export function isValidUsername(value: string): boolean {
  return USERNAME_PATTERN.test(value)
}

/**
 * The url rule: optional http or https scheme, a host with at least one dot, optional path and query.
 * A port is tolerated because partner test servers use them, and a fragment because landing pages
 * use them to open a tab. Link fields add more (link-rules.ts): only http(s) once the scheme is added.
 */
export const URL_PATTERN =
  /^(?:https?:\/\/)?(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9-]{2,63}(?::\d{1,5})?(?:\/[^\s?#]*)?(?:\?[^\s#]*)?(?:#\S*)?$/i

export function isValidUrl(value: string): boolean {
  return URL_PATTERN.test(value)
}

/** Upper-cases and drops the spaces and dashes people type or paste between groups. */
export function normalizeIban(value: string): string {
  return value.replace(/[\s-]+/g, '').toUpperCase()
}

/** Shows country, check digits and the last four characters only: `FR76 •••• •••• 1234`. */
export function maskIban(value: string): string {
  const iban = normalizeIban(value)
  // Too short to hide anything meaningful: hide it all rather than reveal most of it.
  if (iban.length < 8) return '•••• ••••'
  return `${iban.slice(0, 4)} •••• •••• ${iban.slice(-4)}`
}
