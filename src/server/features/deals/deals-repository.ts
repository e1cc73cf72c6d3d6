import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm'
import type { Executor } from '#server/db/client.ts'
import { type DealEventRow, dealEvents, deals, missions, providers, users } from '#server/db/schema.ts'
import type { SupportedLocale } from '#server/http/locale.ts'
import type { Deal, DealEvent, DealState } from '#shared/contract/deals.ts'
import { type MissionJoinRow, missionColumns, toMission } from './missions-repository'

const dealColumns = {
  ...missionColumns,
  deal: deals,
  owner: { id: users.id, username: users.username, creatorCode: users.creatorCode, locale: users.locale },
}

type DealJoinRow = {
  deal: typeof deals.$inferSelect
  owner: { id: string; username: string; creatorCode: string; locale: SupportedLocale }
} & MissionJoinRow

export interface LoadedDeal {
  row: typeof deals.$inferSelect
  ownerId: string
  ownerUsername: string
  ownerCreatorCode: string
  ownerLocale: SupportedLocale
  mission: typeof missions.$inferSelect
  provider: typeof providers.$inferSelect
  /** The contract view; `widgetToken` is included: callers strip it for anyone but the owner or an admin. */
  deal: Deal
}

const toLoaded = (joined: DealJoinRow, locale: SupportedLocale): LoadedDeal => ({
  row: joined.deal,
  ownerId: joined.owner.id,
  ownerUsername: joined.owner.username,
  ownerCreatorCode: joined.owner.creatorCode,
  ownerLocale: joined.owner.locale,
  mission: joined.mission,
  provider: joined.provider,
  deal: {
    code: joined.deal.code,
    state: joined.deal.state,
    progress: joined.deal.progress,
    goal: joined.mission.goal,
    earned: { amount: joined.deal.earnedCents, currency: 'EUR' },
    mission: toMission(joined, locale),
    user: { username: joined.owner.username },
    widgetToken: joined.deal.widgetToken,
    createdAt: joined.deal.createdAt.toISOString(),
    updatedAt: joined.deal.updatedAt.toISOString(),
    finishedAt: joined.deal.finishedAt?.toISOString() ?? null,
  },
})

async function selectDeals(db: Executor, where: SQL | undefined, locale: SupportedLocale, limit?: number) {
  const query = db
    .select(dealColumns)
    .from(deals)
    .innerJoin(missions, eq(missions.id, deals.missionId))
    .innerJoin(providers, eq(providers.id, missions.providerId))
    .innerJoin(users, eq(users.id, deals.userId))
    .where(where)
    .orderBy(desc(deals.createdAt), desc(deals.code))
  const rows = limit ? await query.limit(limit) : await query
  return rows.map((row) => toLoaded(row, locale))
}

const usernameIs = (username: string) => sql`lower(${users.username}) = lower(${username})`

/** A user's deals, newest first, optionally only in the given states. */
export function listUserDeals(
  db: Executor,
  username: string,
  states: readonly DealState[] | undefined,
  locale: SupportedLocale,
): Promise<LoadedDeal[]> {
  const byState = states && states.length > 0 ? inArray(deals.state, [...states]) : undefined
  return selectDeals(db, and(usernameIs(username), byState), locale)
}

/** The deal a user holds on a mission (addressed by the MISSION code, as the routes are). */
export async function findUserDeal(
  db: Executor,
  username: string,
  missionCode: string,
  locale: SupportedLocale = 'en',
): Promise<LoadedDeal | null> {
  const [found] = await selectDeals(db, and(usernameIs(username), eq(missions.code, missionCode)), locale, 1)
  return found ?? null
}

export async function findDealById(
  db: Executor,
  id: string,
  locale: SupportedLocale = 'en',
): Promise<LoadedDeal | null> {
  const [found] = await selectDeals(db, eq(deals.id, id), locale, 1)
  return found ?? null
}

export async function findDealByCode(
  db: Executor,
  code: string,
  locale: SupportedLocale = 'en',
): Promise<LoadedDeal | null> {
  const [found] = await selectDeals(db, eq(deals.code, code), locale, 1)
  return found ?? null
}

export async function findDealByWidgetToken(
  db: Executor,
  token: string,
  locale: SupportedLocale = 'en',
): Promise<LoadedDeal | null> {
  const [found] = await selectDeals(db, eq(deals.widgetToken, token), locale, 1)
  return found ?? null
}

export const toDealEvent = (row: DealEventRow): DealEvent => ({
  id: row.id,
  type: row.type,
  valid: row.valid,
  reason: row.reason,
  amount: row.amountCents === null ? null : { amount: row.amountCents, currency: 'EUR' },
  occurrences: row.occurrences,
  createdAt: row.createdAt.toISOString(),
  lastSeenAt: row.lastSeenAt.toISOString(),
})

// 500: more events than any page shows; the chart and list read the most recent ones.
const MAX_EVENTS = 500

/**
 * A deal's events, newest first in writing order: `seq`, not the time, which events written by one
 * transaction can share.
 */
export async function listDealEvents(db: Executor, dealId: string): Promise<DealEvent[]> {
  const rows = await db
    .select()
    .from(dealEvents)
    .where(eq(dealEvents.dealId, dealId))
    .orderBy(desc(dealEvents.seq))
    .limit(MAX_EVENTS)
  return rows.map(toDealEvent)
}

/** The deal without its widget token, for anyone who is neither the owner nor an admin. */
export function publicDeal(deal: Deal): Deal {
  const { widgetToken: _hidden, ...rest } = deal
  return rest
}
