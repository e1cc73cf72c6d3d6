/**
 * Builds the tracking link of a mission's technical integration. Used by the
 * tools page and by the server's tracking redirect, so both always agree on the target URL.
 */
import { isHttpUrl, isLink, withWebScheme } from './link-rules.ts'

/** What every unbuildable link becomes. */
export const NO_LINK = '-'

export interface IntegrationLike {
  readonly type: string
  readonly parameters?: Readonly<Record<string, string>> | null
}

export interface IntegrationLinkData {
  readonly username: string
  readonly dealCode: string
  readonly [field: string]: string | number | undefined
}

const anyPlaceholder = /%(\w+)%/g
const usernamePlaceholder = /%username%/g
const missionPlaceholder = /%mission%/g
/** Joins username and deal code in WARGAMING links, as the partner's tracking expects. */
const WARGAMING_SEPARATOR = '_-_'

class LinkFailure extends Error {}

function present(value: string | number | undefined | null): string {
  if (value === undefined || value === null || value === '') throw new LinkFailure()
  return String(value)
}

/** Functions as replacers so that `$&` and friends in values are never interpreted. */
function fill(template: string, pattern: RegExp, value: string): string {
  const encoded = encodeURIComponent(value)
  return template.replace(pattern, () => encoded)
}

function build(integration: IntegrationLike, data: IntegrationLinkData): string {
  const parameters = integration.parameters ?? {}
  switch (integration.type) {
    case 'CUSTOM_CODE':
      return present(parameters.ABSOLUTE_LINK)
    case 'MIXTE':
      return fill(present(parameters.URL), usernamePlaceholder, present(data.username))
    case 'LINK':
      return present(parameters.URL).replace(anyPlaceholder, (_match, field: string) =>
        // Own fields only: `%constructor%` must not read the object's prototype.
        encodeURIComponent(present(Object.hasOwn(data, field) ? data[field] : undefined)),
      )
    case 'WARGAMING': {
      const value = `${present(data.username)}${WARGAMING_SEPARATOR}${present(data.dealCode)}`
      return fill(fill(present(parameters.URL), missionPlaceholder, value), usernamePlaceholder, value)
    }
    case 'SPIKE_LINK': {
      const withMission = fill(present(parameters.URL), missionPlaceholder, present(data.dealCode))
      return fill(withMission, usernamePlaceholder, present(data.username))
    }
    default:
      return NO_LINK
  }
}

/**
 * Only http(s) links are handed out, whatever was stored: a `javascript:` or `data:` target (saved
 * before links were checked) becomes no link at all. A link stored without its scheme gets https.
 */
function followable(link: string): string {
  if (link === NO_LINK || isHttpUrl(link)) return link
  return isLink(link) ? withWebScheme(link) : NO_LINK
}

/** The link for this integration and data, or `NO_LINK` for an unknown type or any missing piece. */
export function buildIntegrationLink(
  integration: IntegrationLike | null | undefined,
  data: IntegrationLinkData | null | undefined,
): string {
  if (!integration || !data) return NO_LINK
  try {
    return followable(build(integration, data))
  } catch (error) {
    if (error instanceof LinkFailure) return NO_LINK
    throw error
  }
}
