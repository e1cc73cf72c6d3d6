/**
 * A mission's link template as parts a marketer fills in: the landing page, the name of the parameter
 * that carries the streamer's name and, for the kinds that track it, the one that carries the deal
 * code. The template (with its `%username%`-style placeholders, which the tracking redirect fills)
 * is made from the parts, and an existing template read back into them.
 */
import type { IntegrationKind } from '#shared/brand-link-kinds.ts'

export interface LinkParts {
  landing: string
  streamerParam: string
  dealParam: string
}

/** The placeholder each kind fills with the deal code (none: the kind does not carry it). */
const dealPlaceholder: Partial<Record<IntegrationKind, string>> = {
  LINK: '%dealCode%',
  SPIKE_LINK: '%mission%',
}

/** Whether the kind tracks a deal code beside the streamer's name. */
export const carriesDealCode = (kind: IntegrationKind) => dealPlaceholder[kind] !== undefined

const USERNAME = '%username%'
/** Wargaming's partner tracking takes the streamer and the deal joined in one value. */
const WARGAMING_VALUE = '%mission%'

/** The template the parts make for a kind; a code page is its address alone. */
export function templateOf(kind: IntegrationKind, parts: LinkParts): string {
  const landing = parts.landing.trim()
  if (kind === 'CUSTOM_CODE' || !landing) return landing
  const pairs: string[] = []
  const streamer = parts.streamerParam.trim()
  if (streamer)
    pairs.push(`${encodeURIComponent(streamer)}=${kind === 'WARGAMING' ? WARGAMING_VALUE : USERNAME}`)
  const deal = dealPlaceholder[kind]
  if (deal && parts.dealParam.trim()) pairs.push(`${encodeURIComponent(parts.dealParam.trim())}=${deal}`)
  if (pairs.length === 0) return landing
  const [base = '', hash] = landing.split('#', 2)
  const join = base.includes('?') ? (base.endsWith('?') || base.endsWith('&') ? '' : '&') : '?'
  return `${base}${join}${pairs.join('&')}${hash === undefined ? '' : `#${hash}`}`
}

/** Reads a stored template back into parts: the placeholder parameters are taken out of the landing page. */
export function partsOf(kind: IntegrationKind, template: string): LinkParts {
  const streamerValues = kind === 'WARGAMING' ? [USERNAME, WARGAMING_VALUE] : [USERNAME]
  const dealValues = kind === 'WARGAMING' ? [] : ['%dealCode%', '%mission%']
  const [beforeHash = '', hash] = template.split('#', 2)
  const [base = '', query] = beforeHash.split('?', 2)
  let streamerParam = ''
  let dealParam = ''
  const kept: string[] = []
  for (const pair of query ? query.split('&') : []) {
    const [name = '', value = ''] = pair.split('=', 2)
    if (streamerValues.includes(value) && !streamerParam) streamerParam = decodeURIComponent(name)
    else if (dealValues.includes(value) && !dealParam) dealParam = decodeURIComponent(name)
    else kept.push(pair)
  }
  const landing = `${base}${kept.length > 0 ? `?${kept.join('&')}` : ''}${hash === undefined ? '' : `#${hash}`}`
  return { landing, streamerParam, dealParam }
}
