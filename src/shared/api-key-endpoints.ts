import type { EndpointName } from './endpoints'

/**
 * The brand API: the `member` routes a brand's API key (`Authorization: Bearer sdk_live_…`) may call
 * besides a member's session. A read key calls the GETs only; a write key also the others. A key acts
 * only on its own brand, and on no other route. Apart from the endpoint table: only the server reads
 * it, and the table is in the client's first route, whose size is budgeted.
 */
export const apiKeyEndpoints: ReadonlySet<EndpointName> = new Set<EndpointName>([
  'brandProvider',
  'brandMissions',
  'brandMissionResults',
  'brandMissionResultsExport',
  'brandTopUps',
  'brandMissionState',
])
