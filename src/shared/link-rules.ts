/**
 * Which links the app stores and follows: http and https only. A `javascript:` or `data:` target
 * saved in a mission would run in the viewer's browser the moment a tracked link sends them there,
 * so the contract refuses it and the link builder never hands one out. Pure and dependency-free:
 * the contract (server and lazily loaded forms) and the tracking links share it.
 */
import { URL_PATTERN } from './validation-rules.ts'

/** The longest URL every browser and proxy on the way accepts. */
export const MAX_URL_LENGTH = 2048

const WEB_SCHEME = /^https?:\/\//i
/** `scheme://` then a host: `https:/\evil` and `https:///evil` are read as other hosts by browsers. */
const SCHEME_AND_HOST = /^https?:\/\/[^/\\]/i
/** Whitespace, backslashes and control or invisible characters: the URL parser drops or rewrites them. */
const HIDDEN_CHARACTERS = /[\s\\\p{Cc}\p{Cf}]/u
/** `%username%`, `%mission%`...: what integration links fill in for each deal. */
const PLACEHOLDER = /%(\w+)%/g
/** A value every placeholder may take when a template is checked: a plain lower-case word. */
const SAMPLE_VALUE = 'sample'

/**
 * An absolute http(s) URL as browsers read it, with a host and without a user name or password
 * (`https://bank.example@evil.example` goes to evil.example).
 */
export function isHttpUrl(value: string): boolean {
  if (value.length > MAX_URL_LENGTH || HIDDEN_CHARACTERS.test(value) || !SCHEME_AND_HOST.test(value)) {
    return false
  }
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return false
  }
  return (
    (url.protocol === 'http:' || url.protocol === 'https:') &&
    url.hostname !== '' &&
    url.username === '' &&
    url.password === ''
  )
}

/** The scheme is optional when typing a link (`brand.example/offer`); it is stored as https. */
export function withWebScheme(value: string): string {
  return WEB_SCHEME.test(value) ? value : `https://${value}`
}

/**
 * The url rule of the forms: an optional http or https scheme, a host with at least one dot, an
 * optional path, query and fragment; and, once the scheme is added, a URL as `isHttpUrl` says.
 */
export function isLink(value: string): boolean {
  return URL_PATTERN.test(value) && isHttpUrl(withWebScheme(value))
}

/** A link with `%field%` placeholders: it must be a link whatever plain word fills them. */
export function isLinkTemplate(value: string): boolean {
  return isLink(value.replace(PLACEHOLDER, SAMPLE_VALUE))
}

/** Integration parameters named `URL`, `ABSOLUTE_LINK`, `…_URL` or `…_LINK` hold link templates. */
export function isLinkParameter(name: string): boolean {
  return /(?:^|_)(?:URL|LINK)$/.test(name)
}
