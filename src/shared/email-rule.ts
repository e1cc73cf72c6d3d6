/**
 * The e-mail rule of the sign-up, newsletter, contact and invitation forms, on the client and the
 * server. An address is `local@domain`:
 * - the local part is dot-separated words (no leading, trailing or doubled dot) of letters in any
 *   script, digits and the symbols mail systems allow (`+`, `_`, `'`...); quoted local parts
 *   (`"john doe"@example.com`) are legal but almost never real, and many providers refuse them;
 * - the domain is dot-separated labels of letters (any script: international domains such as
 *   bücher.de, as well as their xn-- form), digits and inner hyphens, ending in a top-level domain of
 *   letters; look-alike full-width forms (ｇｍａｉｌ.com) are refused;
 * - the local part is at most 64 bytes and the whole address at most 254 (SMTP limits, in UTF-8).
 * Pure and dependency-free: the contract uses it, and with it the lazily loaded forms.
 */

const MAX_LOCAL_BYTES = 64
const MAX_ADDRESS_BYTES = 254
const MAX_LABEL_LENGTH = 63

const WORD = "[\\p{L}\\p{N}\\p{M}!#$%&'*+/=?^_`{|}~-]+"
const LOCAL_PART = new RegExp(`^${WORD}(?:\\.${WORD})*$`, 'u')
const LABEL = /^[\p{L}\p{N}\p{M}](?:[\p{L}\p{N}\p{M}-]*[\p{L}\p{N}\p{M}])?$/u
/** Letters only (`com`, `de`, `рф`), or the ASCII form of an international one (`xn--p1ai`). */
const TOP_LEVEL = /^(?:\p{L}[\p{L}\p{M}]+|xn--[a-z0-9-]+)$/iu

const utf8 = new TextEncoder()
const bytes = (text: string): number => utf8.encode(text).length

function isDomain(domain: string): boolean {
  // Full-width and other compatibility forms change under NFKC: they imitate another domain.
  if (domain.normalize('NFKC') !== domain) return false
  const labels = domain.split('.')
  if (labels.length < 2) return false
  const top = labels[labels.length - 1] ?? ''
  return (
    TOP_LEVEL.test(top) && labels.every((label) => [...label].length <= MAX_LABEL_LENGTH && LABEL.test(label))
  )
}

export function isValidEmail(value: string): boolean {
  if (value.length > MAX_ADDRESS_BYTES || bytes(value) > MAX_ADDRESS_BYTES) return false
  const at = value.lastIndexOf('@')
  if (at < 1) return false
  const local = value.slice(0, at)
  const domain = value.slice(at + 1)
  return bytes(local) <= MAX_LOCAL_BYTES && LOCAL_PART.test(local) && isDomain(domain)
}
