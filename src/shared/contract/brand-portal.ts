/**
 * The brand portal's self-service rows: an owner invites and removes members, a brand asks for a
 * budget top-up when card payments are off (an admin answers it), and the overview across the
 * brand's missions with each one's forecast.
 */
import { type } from 'arktype'
import { MemberRole } from './brand'
import { Day, Email, IsoDateTime, listOf, optionalText, PositiveCents } from './common'
import { binaryAnswer, type EndpointSchemas } from './endpoint-schema'

/** 500: enough to say what the money is for, short enough to read in the admins' queue. */
const NOTE_MAX = 500

const BrandMemberInviteBody = type({
  '+': 'reject',
  email: Email,
  role: MemberRole,
})
export type BrandMemberInviteBody = typeof BrandMemberInviteBody.infer

/** An invitation an owner sent, waiting for its address to accept it. */
export const BrandPendingInvitation = type({
  email: 'string',
  role: MemberRole,
  expiresAt: IsoDateTime,
})
export type BrandPendingInvitation = typeof BrandPendingInvitation.infer

export const TopUpRequestStatus = type("'requested' | 'done' | 'declined'")
export type TopUpRequestStatus = typeof TopUpRequestStatus.infer

const BrandTopUpRequestBody = type({
  '+': 'reject',
  amount: PositiveCents,
  'note?': optionalText(NOTE_MAX),
})
export type BrandTopUpRequestBody = typeof BrandTopUpRequestBody.infer

export const BrandTopUpRequest = type({
  id: 'string',
  missionCode: 'string',
  amount: 'number.integer',
  note: 'string',
  status: TopUpRequestStatus,
  requestedBy: 'string | null',
  createdAt: IsoDateTime,
  decidedAt: IsoDateTime.or('null'),
})
export type BrandTopUpRequest = typeof BrandTopUpRequest.infer

/** The admins' view of a request: which brand and mission it is for. */
export const AdminTopUpRequest = BrandTopUpRequest.merge({
  providerSlug: 'string',
  providerName: 'string',
})
export type AdminTopUpRequest = typeof AdminTopUpRequest.infer

/** `done` adds the amount to the mission's budget (once); `declined` adds nothing. */
const AdminTopUpRequestDecisionBody = type({
  '+': 'reject',
  status: "'done' | 'declined'",
})
export type AdminTopUpRequestDecisionBody = typeof AdminTopUpRequestDecisionBody.infer

/**
 * A range of UTC days, both ends included; the last 30 days when left out. Other keys are dropped,
 * not refused: the page's download link carries the session in `authorization`.
 */
export const BrandOverviewQuery = type({
  '+': 'delete',
  'from?': Day,
  'to?': Day,
})
export type BrandOverviewQuery = typeof BrandOverviewQuery.infer

export const BrandOverviewDay = type({
  day: Day,
  spentCents: 'number.integer >= 0',
  valid: 'number.integer >= 0',
  refused: 'number.integer >= 0',
})
export type BrandOverviewDay = typeof BrandOverviewDay.infer

const BrandOverviewMission = type({
  code: 'string',
  title: 'string',
  status: "'draft' | 'published' | 'paused' | 'closed'",
  spentCents: 'number.integer >= 0',
  valid: 'number.integer >= 0',
  refused: 'number.integer >= 0',
  budgetCents: 'number.integer | null',
  remainingCents: 'number.integer | null',
  /** Spent in the last 24 hours: the pace of the forecast. */
  lastDayCents: 'number.integer >= 0',
  /** When the budget runs out at that pace; null without a cap or without spend in the last 24 hours. */
  runsOutAt: IsoDateTime.or('null'),
})
export type BrandOverviewMission = typeof BrandOverviewMission.infer

export const BrandOverview = type({
  from: Day,
  to: Day,
  totals: {
    spentCents: 'number.integer >= 0',
    valid: 'number.integer >= 0',
    refused: 'number.integer >= 0',
    /** Spend divided by valid clicks, rounded to the cent; null without a valid click. */
    costPerValidCents: 'number.integer | null',
  },
  days: BrandOverviewDay.array(),
  missions: BrandOverviewMission.array(),
})
export type BrandOverview = typeof BrandOverview.infer

export const brandPortalEndpoints = {
  brandMemberInvite: {
    summary:
      'An owner invites a member by e-mail: a link (3 days, one use) is mailed, and only an account holding the address joins by redeeming it',
    body: BrandMemberInviteBody,
    response: BrandPendingInvitation,
    status: 201,
  },
  brandInvitations: {
    summary: 'The invitations of the provider still waiting to be accepted',
    response: listOf(BrandPendingInvitation),
  },
  brandMemberRemove: {
    summary: 'An owner removes a member (409 for the last owner)',
    response: null,
    status: 204,
  },
  brandTopUpRequestCreate: {
    summary: 'Asks the admins to add an amount to the mission’s budget (they are mailed, and answer it)',
    body: BrandTopUpRequestBody,
    response: BrandTopUpRequest,
    status: 201,
  },
  brandTopUpRequests: {
    summary: 'The mission’s top-up requests and their state, newest first',
    response: listOf(BrandTopUpRequest),
  },
  adminTopUpRequests: {
    summary: 'Every brand’s top-up requests, waiting ones first',
    response: listOf(AdminTopUpRequest),
  },
  adminTopUpRequestDecide: {
    summary:
      'Answers a waiting top-up request: `done` adds its amount to the budget once (audited), `declined` closes it (409 once answered)',
    body: AdminTopUpRequestDecisionBody,
    response: AdminTopUpRequest,
  },
  brandOverview: {
    summary:
      'Spend, valid and refused clicks per UTC day across the provider’s missions, in a range of days (the last 30 by default), and each mission’s budget forecast',
    query: BrandOverviewQuery,
    response: BrandOverview,
  },
  brandOverviewExport: {
    summary: 'The overview’s days as CSV',
    query: BrandOverviewQuery,
    response: binaryAnswer('text/csv'),
  },
} as const satisfies Record<string, EndpointSchemas>
