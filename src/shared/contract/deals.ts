/** Providers, missions, deals, deal events and the goal widget. */
import { type } from 'arktype'
import { DEAL_EVENT_TYPES, DEAL_STATES, type INTEGRATION_TYPES, WIDGET_THEMES } from '../deal-values'
import { Code, Day, IsoDateTime, Locale, listOf, MediaObject, Money, optionalText, TimeZone } from './common'
import { binaryAnswer, type EndpointSchemas } from './endpoint-schema'

export const WidgetTheme = type.enumerated(...WIDGET_THEMES)
export type WidgetTheme = typeof WidgetTheme.infer

/** A provider applied for by a brand is pending until an admin approves it. */
export const ProviderStatus = type("'pending' | 'approved'")
export type ProviderStatus = typeof ProviderStatus.infer

/** A provider as the public sees it: its description in the reader's locale (English fallback). */
export const Provider = type({
  id: 'string',
  name: 'string',
  slug: 'string',
  logo: MediaObject.or('null'),
  description: 'string',
  theme: WidgetTheme,
})
export type Provider = typeof Provider.infer

/** Known types get a link (see integration-links.ts); any other type is kept and links to "-". */
export type IntegrationType = (typeof INTEGRATION_TYPES)[number]

export const TechnicalIntegration = type({ type: 'string', parameters: 'Record<string, string>' })
export type TechnicalIntegration = typeof TechnicalIntegration.infer

export const RewardModel = type("'cpc' | 'fixed'")
export type RewardModel = typeof RewardModel.infer

/** Paused: out of the catalogue, no new deals, clicks recorded invalid until resumed. */
export const MissionStatus = type("'draft' | 'published' | 'paused' | 'closed'")
export type MissionStatus = typeof MissionStatus.infer

/** A mission as the public sees it, already localized by the server (English fallback). */
export const Mission = type({
  code: 'string',
  title: 'string',
  description: 'string',
  tips: 'string',
  thumbnail: MediaObject.or('null'),
  provider: Provider,
  tools: TechnicalIntegration,
  reward: { model: RewardModel, amount: Money },
  goal: 'number.integer',
  spots: 'number.integer',
  spotsLeft: 'number.integer',
  startsAt: IsoDateTime,
  endsAt: 'string | null',
  status: MissionStatus,
})
export type Mission = typeof Mission.infer

export const DealState = type.enumerated(...DEAL_STATES)
export type DealState = typeof DealState.infer

export const Deal = type({
  code: 'string',
  state: DealState,
  progress: 'number',
  goal: 'number',
  earned: Money,
  mission: Mission,
  user: { username: 'string' },
  'widgetToken?': 'string',
  createdAt: IsoDateTime,
  updatedAt: IsoDateTime,
  finishedAt: 'string | null',
})
export type Deal = typeof Deal.infer

const DealEventType = type.enumerated(...DEAL_EVENT_TYPES)
export type DealEventType = typeof DealEventType.infer

export const DealEvent = type({
  id: 'string',
  type: DealEventType,
  valid: 'boolean',
  reason: 'string | null',
  amount: Money.or('null'),
  /** Repeated invalid clicks of one visitor with one reason in a day are one event, counted here. */
  occurrences: 'number.integer >= 1',
  createdAt: IsoDateTime,
  /** The latest of those occurrences (createdAt is the first). */
  lastSeenAt: IsoDateTime,
})
export type DealEvent = typeof DealEvent.infer

/**
 * `?state=inprogress&state=stopped` arrives as a string or an array depending on how many were sent;
 * both become an array. No state means every state.
 */
export const DealStatesQuery = type({
  '+': 'delete',
  'state?': DealState.or(DealState.array()).pipe((value): DealState[] =>
    Array.isArray(value) ? value : [value],
  ),
})
export type DealStatesQuery = typeof DealStatesQuery.infer

/** `GET /api/deals/missions?exclude_current_user=true` hides missions the caller already took. */
export const MissionsQuery = type({
  '+': 'delete',
  'exclude_current_user?': type("'true' | 'false' | '1' | '0'").pipe(
    (value) => value === 'true' || value === '1',
  ),
})
export type MissionsQuery = typeof MissionsQuery.infer

const DealCodeParams = type({ code: Code })
export type DealCodeParams = typeof DealCodeParams.infer

export const AdminDealStateBody = type({ '+': 'reject', state: DealState })
export type AdminDealStateBody = typeof AdminDealStateBody.infer

/**
 * Body of the check endpoint (`POST /api/deals/subscriptions/check/{missionCode}/{username}`):
 * `cpc` records the viewer's click (and credits it when valid), `check` only resolves the landing
 * (the streamer's creator code and link) and records nothing.
 */
const TRACKING_KINDS = ['cpc', 'check'] as const
const CheckBody = type({ '+': 'reject', kind: type.enumerated(...TRACKING_KINDS) })
export type CheckBody = typeof CheckBody.infer

/**
 * Answer of the check endpoint: where the viewer's browser goes next ("-" when there is no link),
 * plus what the check landing shows (the streamer's name and creator code, the mission's title).
 */
export const CheckResponse = type({
  url: 'string',
  'username?': 'string',
  'creatorCode?': 'string',
  'missionTitle?': 'string',
})
export type CheckResponse = typeof CheckResponse.infer

/** What `GET /api/widgets/widget/{token}` returns: only what the stream overlay shows. */
export const WidgetView = type({
  /** The language of `missionTitle`, which the overlay's own labels follow: its owner's saved one. */
  locale: Locale,
  missionTitle: 'string',
  providerName: 'string',
  theme: WidgetTheme,
  progress: 'number',
  goal: 'number',
  state: DealState,
  reward: { model: RewardModel, amount: Money },
  /** What the chat call-to-action and QR overlays show: the mission's code and the tracked link's path. */
  missionCode: 'string',
  trackedPath: 'string',
})
export type WidgetView = typeof WidgetView.infer

/** The answer to a test alert: it went to the overlays open on the deal's widget room, and was not counted. */
const WidgetTestAlertSent = type({ sent: 'true' })
export type WidgetTestAlertSent = typeof WidgetTestAlertSent.infer

/** The live update a widget receives over the socket. */
export const WidgetProgress = type({ token: 'string', progress: 'number', goal: 'number', state: DealState })
export type WidgetProgress = typeof WidgetProgress.infer

/** `?locale=fr` asks for one language; without it the `Accept-Language` header decides. */
const LocaleQuery = type({ '+': 'delete', 'locale?': optionalText(10) })

/** One day of a deal's clicks: valid ones, and invalid ones (repeats of a refused visitor counted). */
export const ClickDay = type({ day: Day, valid: 'number.integer >= 0', invalid: 'number.integer >= 0' })
export type ClickDay = typeof ClickDay.infer

/** Every day from the deal's start to today (at most the last 90), in the `tz` time zone asked. */
export const DealStats = type({ days: ClickDay.array() })
export type DealStats = typeof DealStats.infer

const DealStatsQuery = type({ '+': 'delete', 'tz?': TimeZone })

/** The deals feature's rows of the endpoint table (see endpoints.ts for method, path and access). */
export const dealEndpoints = {
  missions: {
    summary: 'Published missions; `exclude_current_user=true` hides the ones the signed-in caller took',
    query: MissionsQuery.merge({ '+': 'delete', 'locale?': optionalText(10) }),
    response: listOf(Mission),
  },
  mission: { summary: 'One published mission', query: LocaleQuery, response: Mission },
  userDeals: {
    summary: 'A user’s deals, filtered by state (repeat `state` for several)',
    query: DealStatesQuery.merge({ '+': 'delete', 'locale?': optionalText(10) }),
    response: listOf(Deal),
  },
  userDeal: {
    summary: 'A user’s deal on a mission (addressed by the mission code)',
    query: LocaleQuery,
    response: Deal,
  },
  userDealTriggers: {
    summary: 'A deal’s events (clicks, credits, state changes)',
    response: listOf(DealEvent),
  },
  userDealStats: {
    summary: 'A deal’s valid and invalid clicks per day, in the `tz` time zone (UTC by default)',
    query: DealStatsQuery,
    response: DealStats,
  },
  userDealStop: {
    summary: 'Stops an in-progress deal; stopping is final',
    response: Deal,
    idempotencyKey: 'accepted',
  },
  userDealInvoice: {
    summary: 'The deal’s earnings statement (PDF); a browser link, so the token may travel in the query',
    response: binaryAnswer('application/pdf'),
  },
  userDealWidgetToken: {
    summary: 'Replaces the deal’s goal-widget token; the old widget link stops at once',
    response: Deal,
  },
  userDealWidgetTestAlert: {
    summary: 'Shows a test click alert on the deal’s open overlays; never counted, a few per minute',
    response: WidgetTestAlertSent,
  },
  subscriptionGet: { summary: 'A user’s deal on a mission', response: Deal },
  subscriptionCreate: {
    idempotencyKey: 'accepted',
    summary: 'Takes a mission: opens the caller’s deal on it (409 when full, closed or already taken)',
    response: Deal,
    status: 201,
  },
  subscriptionCheck: {
    summary: 'A viewer on a tracked link: `cpc` records the click, `check` only answers where to go',
    body: CheckBody,
    response: CheckResponse,
  },
  widget: {
    summary: 'A goal widget (OBS source) by its token, in its owner’s language unless `locale` asks',
    query: LocaleQuery,
    response: WidgetView,
  },
} as const satisfies Record<string, EndpointSchemas>
