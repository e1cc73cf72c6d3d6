/**
 * The links of a deal, built the same way by the tools page and by the server's tracking endpoint:
 * the tracked link a streamer shares (our redirect page) and the data its integration link is built from.
 */
import type { IntegrationLinkData } from './integration-links'

export type TrackingKind = 'cpc' | 'check'

export interface DealLinkSource {
  readonly dealCode: string
  readonly missionCode: string
  readonly username: string
  readonly creatorCode?: string
}

/** `%field%` values an integration template may use (LINK replaces any of them). */
export function integrationLinkData(source: DealLinkSource): IntegrationLinkData {
  return {
    username: source.username,
    dealCode: source.dealCode,
    code: source.dealCode,
    mission: source.missionCode,
    ...(source.creatorCode ? { creatorCode: source.creatorCode } : {}),
  }
}

/** The path viewers open: `/redir/cpc/{mission}/{username}` (or `/redir/check/...` for the landing). */
export function trackedLinkPath(kind: TrackingKind, missionCode: string, username: string): string {
  return `/redir/${kind}/${encodeURIComponent(missionCode)}/${encodeURIComponent(username)}`
}
