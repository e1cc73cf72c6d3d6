import { and, asc, desc, eq, inArray, isNotNull, or, type Placeholder, type SQL, sql } from 'drizzle-orm'
import type { PgSelect } from 'drizzle-orm/pg-core'
import type { Executor } from '#server/db/client.ts'
import { preparedPerDatabase } from '#server/db/prepared.ts'
import { type DealEventRow, dealEvents, deals, missions, providers, users } from '#server/db/schema.ts'
import type { SupportedLocale } from '#server/http/locale.ts'
import type { Deal, DealEvent } from '#shared/contract/deals.ts'
import { foldDealEvents } from '#shared/deal-ledger.ts'
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

/**
 * A deal as read from its four-table join, in no locale yet: one read serves every view of it (the
 * HTTP answer in the caller's locale, the socket push in the owner's, the widget's progress).
 */
export interface LoadedDeal {
  row: typeof deals.$inferSelect
  ownerId: string
  ownerUsername: string
  ownerCreatorCode: string
  ownerLocale: SupportedLocale
  mission: typeof missions.$inferSelect
  provider: typeof providers.$inferSelect
  /** Deals holding a spot on the mission (its spots left). */
  taken: number
}

const toLoaded = (joined: DealJoinRow): LoadedDeal => ({
  row: joined.deal,
  ownerId: joined.owner.id,
  ownerUsername: joined.owner.username,
  ownerCreatorCode: joined.owner.creatorCode,
  ownerLocale: joined.owner.locale,
  mission: joined.mission,
  provider: joined.provider,
  taken: joined.taken,
})

/**
 * The contract view of a loaded deal in a locale. `widgetToken` is included: callers strip it for
 * anyone but the owner or an admin.
 */
export const dealView = (loaded: LoadedDeal, locale: SupportedLocale): Deal => ({
  code: loaded.row.code,
  state: loaded.row.state,
  progress: loaded.row.progress,
  goal: loaded.mission.goal,
  earned: { amount: loaded.row.earnedCents, currency: 'EUR' },
  mission: toMission(loaded, locale),
  user: { username: loaded.ownerUsername },
  widgetToken: loaded.row.widgetToken,
  createdAt: loaded.row.createdAt.toISOString(),
  updatedAt: loaded.row.updatedAt.toISOString(),
  finishedAt: loaded.row.finishedAt?.toISOString() ?? null,
})

/**
 * Deals with their mission, its provider and the deal's owner, newest first: what every list of deals
 * reads, whichever columns it keeps (the full deal here, a list's row in deal-list.ts). Takes
 * `db.select(columns).from(deals).$dynamic()`.
 */
export const withMissionNewestFirst = <Query extends PgSelect>(query: Query, where: SQL | undefined) =>
  query
    .innerJoin(missions, eq(missions.id, deals.missionId))
    .innerJoin(providers, eq(providers.id, missions.providerId))
    .innerJoin(users, eq(users.id, deals.userId))
    .where(where)
    .orderBy(desc(deals.createdAt), desc(deals.code))

const dealsWhere = (db: Executor, where: SQL | undefined) =>
  withMissionNewestFirst(db.select(dealColumns).from(deals).$dynamic(), where)

async function selectDeals(db: Executor, where: SQL | undefined, limit?: number) {
  const query = dealsWhere(db, where)
  const rows = limit ? await query.limit(limit) : await query
  return rows.map(toLoaded)
}

const usernameIs = (username: string | Placeholder) => sql`lower(${users.username}) = lower(${username})`

// A deal's page reads it on every visit: built once per database. The list has its own
// narrower read (deal-list.ts).
const userDealOnMission = preparedPerDatabase((db) =>
  dealsWhere(
    db,
    and(usernameIs(sql.placeholder('username')), eq(missions.code, sql.placeholder('missionCode'))),
  )
    .limit(1)
    .prepare('user_deal_on_mission'),
)

/** What a tracked link's redirect reads: the deal and what its brand page is built from, nothing else. */
export interface DealLinkRow {
  dealId: string
  dealCode: string
  missionCode: string
  integration: typeof missions.$inferSelect.integration
  username: string
  creatorCode: string
}

// A raid's taps ask it once a second per streamer per node: three primary-key joins, without the
// provider and the spots count the full deal read carries (a seventh of the embedded
// database's statement time in a burst went to those).
const dealLinkOnMission = preparedPerDatabase((db) =>
  db
    .select({
      dealId: deals.id,
      dealCode: deals.code,
      missionCode: missions.code,
      integration: missions.integration,
      username: users.username,
      creatorCode: users.creatorCode,
    })
    .from(deals)
    .innerJoin(missions, eq(missions.id, deals.missionId))
    .innerJoin(users, eq(users.id, deals.userId))
    .where(and(usernameIs(sql.placeholder('username')), eq(missions.code, sql.placeholder('missionCode'))))
    .limit(1)
    .prepare('deal_link_on_mission'),
)

/** The deal link of a user on a mission (by the MISSION code), or null when either does not exist. */
export async function findDealLink(
  db: Executor,
  username: string,
  missionCode: string,
): Promise<DealLinkRow | null> {
  const [found] = await dealLinkOnMission(db).execute({ username, missionCode })
  return found ?? null
}

/** The id of the user a deal route names (usernames are matched without case). */
export async function findUserIdByUsername(db: Executor, username: string): Promise<string | null> {
  const [user] = await db.select({ id: users.id }).from(users).where(usernameIs(username)).limit(1)
  return user?.id ?? null
}

/** The deal a user holds on a mission (addressed by the MISSION code, as the routes are). */
export async function findUserDeal(
  db: Executor,
  username: string,
  missionCode: string,
): Promise<LoadedDeal | null> {
  const [found] = await userDealOnMission(db).execute({ username, missionCode })
  return found ? toLoaded(found) : null
}

/** The deal a committed change touched: read once after the commit (see deal-notifier.ts). */
export async function findDealById(db: Executor, id: string): Promise<LoadedDeal | null> {
  const [found] = await selectDeals(db, eq(deals.id, id), 1)
  return found ?? null
}

/** Several deals in one read (a settled batch of clicks announces each of its deals). */
export async function findDealsByIds(db: Executor, ids: string[]): Promise<LoadedDeal[]> {
  if (ids.length === 0) return []
  return selectDeals(db, inArray(deals.id, ids))
}

export async function findDealByCode(db: Executor, code: string): Promise<LoadedDeal | null> {
  const [found] = await selectDeals(db, eq(deals.code, code), 1)
  return found ?? null
}

export async function findDealByWidgetToken(db: Executor, token: string): Promise<LoadedDeal | null> {
  const [found] = await selectDeals(db, eq(deals.widgetToken, token), 1)
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
  return foldDealEvents(rows.map(toDealEvent))
}

// `creditsReward` (shared/deal-ledger.ts) in SQL: the same rule for rows not yet read.
const creditsRewardInSql = or(
  eq(dealEvents.type, 'credited'),
  and(eq(dealEvents.type, 'click'), eq(dealEvents.valid, true), isNotNull(dealEvents.amountCents)),
)

/** The rewards a deal was credited (`creditsReward`), in writing order: its earnings statement's lines. */
export function listCreditedEvents(db: Executor, dealId: string): Promise<DealEventRow[]> {
  return db
    .select()
    .from(dealEvents)
    .where(and(eq(dealEvents.dealId, dealId), creditsRewardInSql))
    .orderBy(asc(dealEvents.seq))
}
