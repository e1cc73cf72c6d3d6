/**
 * Which link targets admin-written markdown may point to: http(s) and mailto links, paths of this site
 * and anchors. Browsers read `/\evil.example`, `\\evil.example` and `//evil.example` (and the same with a
 * tab or newline inside, which the URL parser drops) as links to another host, so a "local" link that
 * only looks like a path is refused, as are `javascript:`, `data:` and every other scheme.
 */

/** Backslashes, whitespace, control and invisible format characters: no honest link needs them. */
const UNSAFE_CHARACTERS = /[\\\s\p{Cc}\p{Cf}]/u
/** Characters the URL parser drops or ignores, which would hide a second slash. */
const IGNORED_BY_PARSER = /[\s\p{Cc}\p{Cf}]/gu
/** Two slashes (of either kind) at the start: another host, relative to the current scheme. */
const OTHER_HOST = /^[/\\]{2}/
const ABSOLUTE_WEB = /^https?:\/\/[^/\\]/i
/** Only used to resolve paths: any origin would do, this one is reserved and never resolves. */
const SITE = 'https://site.invalid/'
/** Enough rounds to undo `%252F` (an encoded `%2F`) and give up on deeper nesting. */
const MAX_DECODE_ROUNDS = 3

/** The href, then its percent-decoded forms (null when decoding fails or never settles). */
function decodedForms(href: string): string[] | null {
  const forms = [href]
  let current = href
  for (let round = 0; round < MAX_DECODE_ROUNDS; round++) {
    let next: string
    try {
      next = decodeURIComponent(current)
    } catch {
      return null
    }
    if (next === current) return forms
    forms.push(next)
    current = next
  }
  return null
}

function isSitePath(href: string): boolean {
  const forms = decodedForms(href)
  if (!forms) return false
  if (forms.some((form) => OTHER_HOST.test(form.replace(IGNORED_BY_PARSER, '')))) return false
  try {
    return new URL(href, SITE).origin === new URL(SITE).origin
  } catch {
    return false
  }
}

export function isSafeHref(href: string): boolean {
  if (href === '' || UNSAFE_CHARACTERS.test(href)) return false
  if (href.startsWith('/') || href.startsWith('#')) return isSitePath(href)
  let url: URL
  try {
    url = new URL(href)
  } catch {
    return false
  }
  if (url.protocol === 'mailto:') return true
  return (url.protocol === 'http:' || url.protocol === 'https:') && ABSOLUTE_WEB.test(href)
}

/** Links that leave the site open in a new tab without handing it this page. */
export function isExternalHref(href: string): boolean {
  return /^https?:/i.test(href)
}
