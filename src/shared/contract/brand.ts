/**
 * The brand portal: providers run by their members, their missions, results, budget
 * top-ups by card (Stripe) or by an admin, and review requests on flagged deals.
 */
import { type } from 'arktype'
import {
  AdminMission,
  AdminProvider,
  adminForm,
  endsAfterStart,
  endsBeforeStart,
  MissionFields,
  ProviderDescriptionBody,
  Slug,
} from './admin'
import {
  AdminMissionTopUpBody,
  BrandTopUp,
  BrandTopUpBody,
  BrandTopUpIntent,
  StripeWebhookAnswer,
} from './brand-top-ups'
import { Day, Email, IsoDateTime, listOf, MediaObject, requiredText } from './common'
import { DealState, RewardModel, WidgetTheme } from './deals'
import { binaryAnswer, type EndpointSchemas } from './endpoint-schema'

// A mission's budget top-ups have their own module; the name the rest of the code reads from here.
export { BrandTopUp } from './brand-top-ups'

export const MemberRole = type("'owner' | 'member'")
export type MemberRole = typeof MemberRole.infer

const NAME_MAX = 100
/** 1,000: enough to tell an admin why a deal looks wrong, short enough to read in a queue. */
const MESSAGE_MAX = 1000

/** A provider as its members see it: every locale of its description, its status, the caller's role. */
export const BrandProvider = AdminProvider.merge({
  /** The caller's role; null for an admin who is not a member. */
  role: MemberRole.or('null'),
})
export type BrandProvider = typeof BrandProvider.infer

/** A brand applies for a provider: pending until an admin approves it. The slug is made from the name unless given. */
export const BrandProviderApplyBody = type({
  '+': 'reject',
  name: requiredText(NAME_MAX),
  'slug?': Slug,
  'description?': ProviderDescriptionBody,
  'theme?': WidgetTheme,
})
export type BrandProviderApplyBody = typeof BrandProviderApplyBody.infer

/** The profile an owner edits; the slug stays (it is in every link of the portal). `logo: null` removes it. */
export const BrandProviderUpdateBody = type({
  '+': 'reject',
  name: requiredText(NAME_MAX),
  'description?': ProviderDescriptionBody,
  theme: WidgetTheme,
  'logo?': MediaObject.or('null'),
})
export type BrandProviderUpdateBody = typeof BrandProviderUpdateBody.infer

export const BrandMember = type({
  userId: 'string',
  username: 'string',
  email: 'string',
  role: MemberRole,
  createdAt: IsoDateTime,
})
export type BrandMember = typeof BrandMember.infer

/** A brand's mission: the admin view plus what it has spent and what is left of its budget (cents). */
export const BrandMission = AdminMission.merge({
  spent: 'number.integer',
  /** budget - spent; null when the mission has no budget cap. */
  remaining: 'number.integer | null',
  validClicks: 'number.integer',
})
export type BrandMission = typeof BrandMission.infer

/** A brand's mission form: every field of a mission but its provider (the route's) and status (a draft). */
export const BrandMissionBody = MissionFields.omit('providerId', 'status', 'code').narrow(
  (body, ctx) => endsAfterStart(body) || ctx.reject(endsBeforeStart),
)
export type BrandMissionBody = typeof BrandMissionBody.infer

/** Pause, resume (`published`, from paused only) or close a published mission. */
export const BrandMissionStateBody = type({ '+': 'reject', status: "'paused' | 'published' | 'closed'" })
export type BrandMissionStateBody = typeof BrandMissionStateBody.infer

/** Clicks of one UTC day: valid, invalid (repeats counted), and the invalid ones by reason. */
export const BrandResultDay = type({
  day: Day,
  valid: 'number.integer >= 0',
  invalid: 'number.integer >= 0',
  reasons: 'Record<string, number.integer>',
})
export type BrandResultDay = typeof BrandResultDay.infer

export const BrandStreamerResult = type({
  dealCode: 'string',
  username: 'string',
  state: DealState,
  validClicks: 'number.integer >= 0',
  invalidClicks: 'number.integer >= 0',
  earnedCents: 'number.integer',
  /** The deal's clicks look bought (trust checks): its earnings stay pending until an admin reviews it. */
  flagged: 'boolean',
  reviewRequested: 'boolean',
})
export type BrandStreamerResult = typeof BrandStreamerResult.infer

export const BrandMissionResults = type({
  mission: {
    code: 'string',
    title: 'string',
    status: AdminMission.get('status'),
    rewardModel: RewardModel,
    rewardCents: 'number.integer',
    goal: 'number.integer',
    spots: 'number.integer',
    budgetCents: 'number.integer | null',
    spentCents: 'number.integer',
    remainingCents: 'number.integer | null',
    currency: "'EUR'",
  },
  totals: {
    validClicks: 'number.integer >= 0',
    invalidClicks: 'number.integer >= 0',
    goalsReached: 'number.integer >= 0',
    deals: 'number.integer >= 0',
  },
  /** The last 30 UTC days, oldest first, today included. */
  days: BrandResultDay.array(),
  streamers: BrandStreamerResult.array(),
})
export type BrandMissionResults = typeof BrandMissionResults.infer

export const BrandDealReviewBody = type({ '+': 'reject', message: requiredText(MESSAGE_MAX) })
export type BrandDealReviewBody = typeof BrandDealReviewBody.infer

export const BrandDealReview = type({
  id: 'string',
  dealCode: 'string',
  message: 'string',
  createdAt: IsoDateTime,
})
export type BrandDealReview = typeof BrandDealReview.infer

export const AdminProviderMemberInviteBody = type({ '+': 'reject', email: Email, role: MemberRole })
export type AdminProviderMemberInviteBody = typeof AdminProviderMemberInviteBody.infer

/** A mailed invitation, waiting for the owner of the address to redeem its link. */
export const BrandInvitation = type({ email: 'string', role: MemberRole, expiresAt: IsoDateTime })
export type BrandInvitation = typeof BrandInvitation.infer

/** Mailed invitation tokens are 43-character base64url strings; 512 leaves room to change that. */
const INVITATION_TOKEN_MAX = 512
const BrandInvitationRedeemBody = type({ '+': 'reject', token: requiredText(INVITATION_TOKEN_MAX) })
export type BrandInvitationRedeemBody = typeof BrandInvitationRedeemBody.infer

const AdminProviderApprovalBody = type({ '+': 'reject', status: "'approved'" })
export type AdminProviderApprovalBody = typeof AdminProviderApprovalBody.infer

/** The brand portal's rows of the endpoint table (see endpoints.ts for method, path and access). */
export const brandEndpoints = {
  brandProviders: {
    summary: 'The providers the caller is a member of (every provider for an admin)',
    response: listOf(BrandProvider),
  },
  brandProviderApply: {
    summary:
      'A brand account applies for a new provider (pending until an admin approves it; the caller is its owner); a `logo` may come as multipart',
    body: adminForm(BrandProviderApplyBody),
    files: ['logo'],
    filesOptional: true,
    response: BrandProvider,
    status: 201,
    errorStatuses: [403],
  },
  brandProvider: { summary: 'One provider of the caller', response: BrandProvider },
  brandProviderUpdate: {
    summary: 'An owner edits the provider’s profile; a new `logo` may come as multipart',
    body: adminForm(BrandProviderUpdateBody),
    files: ['logo'],
    filesOptional: true,
    response: BrandProvider,
  },
  brandMembers: { summary: 'The provider’s members and their roles', response: listOf(BrandMember) },
  brandMissions: {
    summary: 'The provider’s missions in every status, with their spend and budget, newest first',
    response: listOf(BrandMission),
  },
  brandMissionCreate: {
    summary: 'Drafts a mission (an admin publishes it); a `thumbnail` may come as multipart',
    body: adminForm(BrandMissionBody),
    files: ['thumbnail'],
    filesOptional: true,
    response: BrandMission,
    status: 201,
  },
  brandMissionUpdate: {
    summary: 'Edits a draft mission (409 once it is published); a new `thumbnail` may come as multipart',
    body: adminForm(BrandMissionBody),
    files: ['thumbnail'],
    filesOptional: true,
    response: BrandMission,
  },
  brandMissionState: {
    summary: 'Pauses, resumes or closes a published mission (409 for a draft or a closed one)',
    body: BrandMissionStateBody,
    response: BrandMission,
  },
  brandMissionResults: {
    summary: 'Spend, budget, clicks per UTC day with reasons, goals reached and the per-streamer table',
    response: BrandMissionResults,
  },
  brandMissionResultsExport: {
    summary: 'The per-streamer table as CSV',
    response: binaryAnswer('text/csv'),
  },
  brandDealReview: {
    summary: 'Asks an admin to review a deal of the mission (recorded and audited)',
    body: BrandDealReviewBody,
    response: BrandDealReview,
    status: 201,
  },
  brandTopUpCreate: {
    summary: 'Starts a card top-up of the mission’s budget (409 `payments_off` when Stripe is not set up)',
    body: BrandTopUpBody,
    response: BrandTopUpIntent,
    status: 201,
    errorStatuses: [502],
  },
  brandTopUps: { summary: 'The mission’s budget top-ups, newest first', response: listOf(BrandTopUp) },
  stripeWebhook: {
    summary:
      'Stripe’s events (signed with `Stripe-Signature`, dated within 5 minutes): a succeeded payment credits its top-up once, a refund or a dispute takes its amount back once; 400 for a bad signature or a malformed event',
    response: StripeWebhookAnswer,
  },
  brandInvitationRedeem: {
    summary:
      'Redeems a mailed invitation: the caller’s account must hold the invited address (403 otherwise); the token proves that mailbox, so the address counts as verified, and the membership is made once',
    body: BrandInvitationRedeemBody,
    response: BrandProvider,
    errorStatuses: [403],
  },
  adminProviderMemberInvite: {
    summary:
      'Invites a member by e-mail: a link is mailed to that address, and only an account holding it joins, by redeeming the link',
    body: AdminProviderMemberInviteBody,
    response: BrandInvitation,
    status: 201,
  },
  adminProviderApprove: {
    summary: 'Approves a pending provider',
    body: AdminProviderApprovalBody,
    response: AdminProvider,
  },
  adminMissionTopUp: {
    summary: 'Records a manual top-up of a mission’s budget (audited)',
    body: AdminMissionTopUpBody,
    response: BrandTopUp,
    status: 201,
  },
} as const satisfies Record<string, EndpointSchemas>
