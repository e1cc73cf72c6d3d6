/** Bodies and queries of the admin API under /api/admin. */
import { type Type, type } from 'arktype'
import {
  Code,
  IsoDateTime,
  listOf,
  localizedText,
  MediaObject,
  Money,
  optionalText,
  PositiveCents,
  requiredText,
} from './common'
import {
  AdminDealStateBody,
  Deal,
  DealState,
  MissionStatus,
  Provider,
  ProviderStatus,
  RewardModel,
  TechnicalIntegration,
  WidgetTheme,
} from './deals'
import { documentFieldsAs, type EndpointSchemas, type SchemaLike } from './endpoint-schema'
import { IntegrationParameters } from './links'

// The wallet rows of the admin API (KYC review, payouts, adjustments) have their own module; the
// names the rest of the code reads stay importable here, listed so a reader sees what comes from where.
export {
  AdjustmentBody,
  AdminKycItem,
  AdminPayoutItem,
  KycReview,
  KycReviewBody,
  PayoutUpdateBody,
  walletAdminEndpoints,
} from './admin-wallet'

/** 500: room for a clear explanation to the user or the audit log, not an essay. */
const REASON_MAX = 500
const NAME_MAX = 100
const DESCRIPTION_MAX = 5000
/** Content bodies are markdown pages such as the terms, which run long. */
const CONTENT_BODY_MAX = 100_000

/** Why a flagged deal's pending earnings are rejected: the streamer reads it in their wallet. */
export const EarningsRejectionBody = type({
  '+': 'reject',
  reason: requiredText(REASON_MAX).narrow(
    (reason, ctx) => reason.trim() !== '' || ctx.reject({ expected: 'a reason', meta: { rule: 'required' } }),
  ),
})
export type EarningsRejectionBody = typeof EarningsRejectionBody.infer

/** What a rejection reversed, and what it left alone: earnings of the deal already available. */
const EarningsRejection = type({
  dealCode: 'string',
  rejected: Money,
  entries: 'number.integer',
  /** The deal's earnings whose hold had already ended: available money, not touched by a rejection. */
  alreadyAvailable: Money,
  earned: Money,
})
export type EarningsRejection = typeof EarningsRejection.infer

// `new` names a page of the portal (/dashboard/provider/new, …/missions/new): no brand or mission may take it.
export const Slug = type(/^(?!new$)[a-z0-9]+(?:-[a-z0-9]+)*$/).and('string <= 64')
const MissionCode = Code.and(type(/^(?!new$)/))

/**
 * A provider's description in each locale, all optional (a brand may have none); a translation needs
 * the English text, which readers fall back to where a locale has none.
 */
export const ProviderDescriptionBody = type({
  '+': 'reject',
  'en?': optionalText(DESCRIPTION_MAX),
  'fr?': optionalText(DESCRIPTION_MAX),
  'es?': optionalText(DESCRIPTION_MAX),
}).narrow((text, ctx) => {
  if ((text.en ?? '').trim() !== '' || ((text.fr ?? '').trim() === '' && (text.es ?? '').trim() === ''))
    return true
  return ctx.reject({ expected: 'the English text', relativePath: ['en'], meta: { rule: 'required' } })
})

export const ProviderBody = type({
  '+': 'reject',
  name: requiredText(NAME_MAX),
  slug: Slug,
  'description?': ProviderDescriptionBody,
  theme: WidgetTheme,
  'logo?': MediaObject.or('null'),
})
export type ProviderBody = typeof ProviderBody.infer

/** Parameter names are upper-case keys such as URL or ABSOLUTE_LINK; values are templates (links.ts). */
const TechnicalIntegrationBody = type({
  '+': 'reject',
  type: type(/^[A-Z][A-Z0-9_]{0,31}$/),
  parameters: IntegrationParameters,
})

/** 1,000,000: more clicks or spots than any campaign here would buy. */
const MAX_COUNT = 1_000_000
const Count = type('number.integer').and(`1 <= number <= ${MAX_COUNT}`)

/** A mission's fields before the cross-field rule (brands send them too, less the provider and status). */
export const MissionFields = type({
  '+': 'reject',
  'code?': MissionCode,
  providerId: 'string > 0',
  title: localizedText(NAME_MAX * 2),
  description: localizedText(DESCRIPTION_MAX),
  'tips?': type({
    '+': 'reject',
    'en?': optionalText(DESCRIPTION_MAX),
    'fr?': optionalText(DESCRIPTION_MAX),
    'es?': optionalText(DESCRIPTION_MAX),
  }),
  'thumbnail?': MediaObject.or('null'),
  tools: TechnicalIntegrationBody,
  reward: type({ '+': 'reject', model: RewardModel, amount: PositiveCents }),
  goal: Count,
  spots: Count,
  /** The most the mission pays over all its deals, in cents; null or absent means no cap. */
  'budget?': PositiveCents.or('null'),
  startsAt: 'string.date.iso',
  'endsAt?': type('string.date.iso').or('null'),
  status: MissionStatus,
})

/** A mission ends after it starts (or never); the failure lands on `endsAt`. */
export const endsAfterStart = (body: { startsAt: string; endsAt?: string | null }): boolean =>
  !body.endsAt || Date.parse(body.endsAt) > Date.parse(body.startsAt)
export const endsBeforeStart = {
  expected: 'after the start',
  relativePath: ['endsAt'],
  meta: { rule: 'min' },
}

export const MissionBody = MissionFields.narrow(
  (body, ctx) => endsAfterStart(body) || ctx.reject(endsBeforeStart),
)
export type MissionBody = typeof MissionBody.infer

const ContentUpdateBody = type({
  '+': 'reject',
  title: requiredText(NAME_MAX * 2),
  body: requiredText(CONTENT_BODY_MAX),
  'topic?': optionalText(NAME_MAX).or('null'),
  'position?': 'number.integer >= 0',
})
export type ContentUpdateBody = typeof ContentUpdateBody.infer

const LocalizedView = type({ en: 'string', 'fr?': 'string', 'es?': 'string' })

/** A provider as admins edit it: its description in every locale (the public gets one, see Provider). */
export const AdminProvider = Provider.merge({ description: LocalizedView, status: ProviderStatus })
export type AdminProvider = typeof AdminProvider.infer

/** A mission as admins edit it: every locale's texts, drafts included, and its budget. */
export const AdminMission = type({
  code: 'string',
  providerId: 'string',
  providerName: 'string',
  title: LocalizedView,
  description: LocalizedView,
  tips: LocalizedView,
  thumbnail: MediaObject.or('null'),
  tools: TechnicalIntegration,
  reward: { model: RewardModel, amount: 'number.integer' },
  goal: 'number.integer',
  spots: 'number.integer',
  spotsLeft: 'number.integer',
  budget: 'number.integer | null',
  startsAt: IsoDateTime,
  endsAt: 'string | null',
  status: MissionStatus,
  deals: 'number.integer',
  /** Why an operator sent the draft back (the brand portal shows it); null once the draft is edited. */
  reviewNote: 'string | null',
})
export type AdminMission = typeof AdminMission.infer

/** One row of the admin deals list (`GET /api/admin/deals?state=...&q=...`). */
export const AdminDealItem = type({
  code: 'string',
  state: DealState,
  progress: 'number.integer',
  goal: 'number.integer',
  earned: 'number.integer',
  missionCode: 'string',
  missionTitle: 'string',
  username: 'string',
  createdAt: IsoDateTime,
  /** Set when the deal's clicks look bought; an admin reviews it (and may reject pending earnings). */
  flaggedAt: IsoDateTime.or('null'),
  flagReason: 'string | null',
  /** Cents of this deal's earnings still on hold: what a rejection would reverse. */
  pendingEarned: 'number.integer',
  /** The mission's brand asked for a review: its latest request, or null. */
  reviewRequestedAt: IsoDateTime.or('null'),
  reviewMessage: 'string | null',
})
export type AdminDealItem = typeof AdminDealItem.infer

const AdminDealsQuery = type({
  '+': 'delete',
  'state?': DealState,
  'q?': optionalText(64),
  /** 'true': only deals flagged for review. */
  'flagged?': "'true' | 'false'",
  /** 'true': only deals whose brand asked for a review. */
  'reviewRequested?': "'true' | 'false'",
})
export type AdminDealsQuery = typeof AdminDealsQuery.infer

/**
 * An admin form's body: the schema's fields as JSON, or (next to an image file) that JSON in a
 * multipart `payload` field, since the nested mission body does not fit flat form fields. Either
 * way the schema checks the fields, and its errors keep their own paths.
 */
export function adminForm<T extends Type<object>>(schema: T) {
  const form = type('unknown')
    .describe('the fields as JSON, or that JSON in the multipart `payload` field beside the file')
    .pipe((fields, ctx): unknown => {
      const payload = (fields as { payload?: unknown } | null | undefined)?.payload
      if (typeof payload !== 'string') return fields ?? {}
      try {
        return JSON.parse(payload)
      } catch {
        return ctx.reject({ expected: 'JSON', meta: { rule: 'invalid' } })
      }
    })
    .to(schema as Type<object>)
  documentFieldsAs(form, schema)
  // Typed as the client writes it; at run time anything comes in and is checked once unwrapped.
  return form as unknown as SchemaLike<T['infer'], T['inferIn'] | { payload: string }>
}

/** The deals admin rows of the endpoint table: providers, missions and deals. */
export const dealAdminEndpoints = {
  adminProviders: {
    summary: 'Every provider (brand), by name, with its description in every locale',
    response: listOf(AdminProvider),
  },
  adminProviderCreate: {
    summary: 'Creates a provider; a `logo` image may come as multipart (409 when the slug is taken)',
    body: adminForm(ProviderBody),
    files: ['logo'],
    filesOptional: true,
    response: AdminProvider,
    status: 201,
  },
  adminProviderUpdate: {
    summary: 'Updates a provider; a new `logo` image may come as multipart',
    body: adminForm(ProviderBody),
    files: ['logo'],
    filesOptional: true,
    response: AdminProvider,
  },
  adminMissions: {
    summary: 'Every mission with all its locales, drafts included, newest first',
    response: listOf(AdminMission),
  },
  adminMissionCreate: {
    summary:
      'Creates a mission (its code made from the title unless given); a `thumbnail` may come as multipart',
    body: adminForm(MissionBody),
    files: ['thumbnail'],
    filesOptional: true,
    response: AdminMission,
    status: 201,
  },
  adminMissionUpdate: {
    summary: 'Updates a mission; a new `thumbnail` image may come as multipart',
    body: adminForm(MissionBody),
    files: ['thumbnail'],
    filesOptional: true,
    response: AdminMission,
  },
  adminDeals: {
    summary: 'Deals by state, search (`q`: deal code, username or mission code) or `flagged=true`',
    query: AdminDealsQuery,
    response: listOf(AdminDealItem),
  },
  adminDealState: {
    summary: 'Finishes or stops an in-progress deal (audited); a final state is final (409)',
    body: AdminDealStateBody,
    response: Deal,
  },
  adminDealEarningsRejection: {
    summary: 'Rejects a flagged deal’s pending earnings with a reason; available earnings are left alone',
    body: EarningsRejectionBody,
    response: EarningsRejection,
  },
} as const satisfies Record<string, EndpointSchemas>
