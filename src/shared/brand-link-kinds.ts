/**
 * Which integration kinds a brand may pick for its missions: the general ones (a link with the
 * streamer's name, a link with any deal field, a code page) and a partner's own kind (Wargaming's
 * referral link, Spike's link) only when the brand already runs a mission of that kind, which an
 * administrator set up with the partner. Another partner's kind would send viewers to a tracking
 * scheme the brand does not have.
 */
import { INTEGRATION_TYPES } from './deal-values'

export type IntegrationKind = (typeof INTEGRATION_TYPES)[number]

const GENERAL_INTEGRATION_KINDS: readonly IntegrationKind[] = ['LINK', 'MIXTE', 'CUSTOM_CODE']

/** The kinds a brand whose missions use `used` may choose, in the order the form offers them. */
export function brandIntegrationKinds(used: Iterable<string>): IntegrationKind[] {
  const partner = new Set(used)
  return INTEGRATION_TYPES.filter(
    (kind) => GENERAL_INTEGRATION_KINDS.includes(kind) || partner.has(kind),
  ).sort((a, b) => rank(a) - rank(b))
}

const rank = (kind: IntegrationKind) => {
  const general = GENERAL_INTEGRATION_KINDS.indexOf(kind)
  return general === -1 ? -1 : general
}
