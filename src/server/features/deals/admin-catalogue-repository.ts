/** Admin reads and writes of providers, missions and the deals list. */
import { randomBytes } from 'node:crypto'
import { and, asc, desc, eq, ilike, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm'
import type { Executor } from '#server/db/client.ts'
import {
  deals,
  ledgerEntries,
  type MissionRow,
  missions,
  type ProviderRow,
  providers,
  users,
} from '#server/db/schema.ts'
import type { LocalizedText } from '#server/db/schema-types.ts'
import { localized, type SupportedLocale } from '#server/http/locale.ts'
import type {
  AdminDealItem,
  AdminMission,
  AdminProvider,
  MissionBody,
  ProviderBody,
} from '#shared/contract/admin.ts'
import type { DealState } from '#shared/contract/deals.ts'
import { SPOT_HOLDING_STATES } from './missions-repository'

/**
 * A localized text as stored: the English text, and only the translations that say something. An
 * empty translation would be picked over the English fallback by every reader (`localized`, `inLocale`).
 */
export function storedText(text: { en?: string; fr?: string; es?: string } | undefined): LocalizedText {
  const stored: LocalizedText = { en: text?.en ?? '' }
  if (text?.fr?.trim()) stored.fr = text.fr
  if (text?.es?.trim()) stored.es = text.es
  return stored
}

export const providerView = (row: ProviderRow): AdminProvider => ({
  id: row.id,
  name: row.name,
  slug: row.slug,
  logo: row.logo ?? null,
  description: row.description,
  theme: row.theme,
  status: row.status,
})

export async function listProviders(db: Executor): Promise<AdminProvider[]> {
  // Applications waiting for an admin first, then by name.
  const rows = await db
    .select()
    .from(providers)
    .orderBy(sql`${providers.status} = 'pending' desc`, asc(providers.name), asc(providers.id))
  return rows.map(providerView)
}

export function providerValues(body: ProviderBody) {
  return {
    name: body.name,
    slug: body.slug,
    description: storedText(body.description),
    theme: body.theme,
    ...(body.logo !== undefined ? { logo: body.logo } : {}),
  }
}

const heldDeals = sql<number>`(select count(*)::int from ${deals} where ${deals.missionId} = ${missions.id} and ${inArray(deals.state, [...SPOT_HOLDING_STATES])})`
const allDeals = sql<number>`(select count(*)::int from ${deals} where ${deals.missionId} = ${missions.id})`

function adminMissionView(row: {
  mission: MissionRow
  provider: ProviderRow
  held: number
  all: number
}): AdminMission {
  const { mission } = row
  return {
    code: mission.code,
    providerId: mission.providerId,
    providerName: row.provider.name,
    title: mission.title,
    description: mission.description,
    tips: mission.tips,
    thumbnail: mission.thumbnail ?? null,
    tools: mission.integration,
    reward: { model: mission.rewardModel, amount: mission.rewardCents },
    goal: mission.goal,
    spots: mission.spots,
    spotsLeft: Math.max(0, mission.spots - Number(row.held)),
    budget: mission.budgetCents,
    startsAt: mission.startsAt.toISOString(),
    endsAt: mission.endsAt?.toISOString() ?? null,
    status: mission.status,
    deals: Number(row.all),
    reviewNote: mission.reviewNote ?? null,
  }
}

/** Every mission, or the one with `code`, or a provider's (the brand portal's list), newest first. */
export async function listAdminMissions(
  db: Executor,
  filter: { code?: string; providerId?: string } = {},
): Promise<AdminMission[]> {
  const rows = await db
    .select({ mission: missions, provider: providers, held: heldDeals, all: allDeals })
    .from(missions)
    .innerJoin(providers, eq(providers.id, missions.providerId))
    .where(
      and(
        filter.code ? eq(missions.code, filter.code) : undefined,
        filter.providerId ? eq(missions.providerId, filter.providerId) : undefined,
      ),
    )
    .orderBy(desc(missions.createdAt), asc(missions.code))
  return rows.map(adminMissionView)
}

// 4 random hex characters after the title slug: readable, and unique enough to rarely need a retry.
const CODE_SUFFIX_BYTES = 2
// 48 characters of title keep the code readable in a URL while leaving room for the suffix.
const CODE_TITLE_CHARS = 48

/** Text as a URL slug: lower-case ASCII letters and digits joined by dashes, accents dropped, at most `max` long. */
export function slugOf(text: string, max: number): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, max)
    .replace(/-+$/, '')
}

export function missionCodeFor(title: string): string {
  const base = slugOf(title, CODE_TITLE_CHARS)
  return `${base || 'mission'}-${randomBytes(CODE_SUFFIX_BYTES).toString('hex')}`
}

export function missionValues(body: MissionBody) {
  return {
    providerId: body.providerId,
    title: storedText(body.title),
    description: storedText(body.description),
    tips: storedText(body.tips),
    integration: { type: body.tools.type, parameters: body.tools.parameters },
    rewardModel: body.reward.model,
    rewardCents: body.reward.amount,
    goal: body.goal,
    spots: body.spots,
    ...(body.budget !== undefined ? { budgetCents: body.budget } : {}),
    ...(body.thumbnail !== undefined ? { thumbnail: body.thumbnail } : {}),
    startsAt: new Date(body.startsAt),
    endsAt: body.endsAt ? new Date(body.endsAt) : null,
    status: body.status,
  }
}

// 200: a screenful of deals; the search narrows anything longer.
const ADMIN_DEALS_LIMIT = 200

/** Cents of a deal's earnings still on hold (what rejecting its pending earnings would reverse). */
const pendingEarned = sql<string>`(select coalesce(sum(${ledgerEntries.amountCents}), 0) from ${ledgerEntries}
  where ${ledgerEntries.dealId} = ${deals.id} and ${ledgerEntries.held} and ${ledgerEntries.availableAt} > now())`

/** The latest review request a brand made on the deal, as JSON `{ at, message }`, or null. */
const latestReview = sql<{
  at: string
  message: string
} | null>`(select json_build_object('at', r.created_at, 'message', r.message)
  from deal_review_requests r where r.deal_id = ${deals.id} order by r.created_at desc limit 1)`

/** The deals an admin looks for, mission titles in the admin's locale (English when missing). */
export async function listAdminDeals(
  db: Executor,
  filter: { state?: DealState; q?: string; flagged?: 'true' | 'false'; reviewRequested?: 'true' | 'false' },
  locale: SupportedLocale,
): Promise<AdminDealItem[]> {
  const pattern = filter.q ? `%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined
  const rows = await db
    .select({
      deal: deals,
      missionCode: missions.code,
      title: missions.title,
      goal: missions.goal,
      username: users.username,
      pendingEarned,
      review: latestReview,
    })
    .from(deals)
    .innerJoin(missions, eq(missions.id, deals.missionId))
    .innerJoin(users, eq(users.id, deals.userId))
    .where(
      and(
        filter.state ? eq(deals.state, filter.state) : undefined,
        filter.flagged === undefined
          ? undefined
          : filter.flagged === 'true'
            ? isNotNull(deals.flaggedAt)
            : isNull(deals.flaggedAt),
        filter.reviewRequested === undefined
          ? undefined
          : filter.reviewRequested === 'true'
            ? sql`exists (select 1 from deal_review_requests r where r.deal_id = ${deals.id})`
            : sql`not exists (select 1 from deal_review_requests r where r.deal_id = ${deals.id})`,
        pattern
          ? or(ilike(deals.code, pattern), ilike(users.username, pattern), ilike(missions.code, pattern))
          : undefined,
      ),
    )
    .orderBy(desc(deals.createdAt), desc(deals.code))
    .limit(ADMIN_DEALS_LIMIT)
  return rows.map((row) => ({
    code: row.deal.code,
    state: row.deal.state,
    progress: row.deal.progress,
    goal: row.goal,
    earned: row.deal.earnedCents,
    missionCode: row.missionCode,
    missionTitle: localized(row.title, locale),
    username: row.username,
    createdAt: row.deal.createdAt.toISOString(),
    flaggedAt: row.deal.flaggedAt?.toISOString() ?? null,
    flagReason: row.deal.flagReason,
    pendingEarned: Number(row.pendingEarned),
    reviewRequestedAt: row.review ? new Date(row.review.at).toISOString() : null,
    reviewMessage: row.review?.message ?? null,
  }))
}
