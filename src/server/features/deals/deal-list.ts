/**
 * A user's deal list, what the dashboard loads on every visit. Profiled, most of its cost
 * was per row: 50 columns parsed and mapped for each deal (11 timestamps, 6 JSON documents with
 * every locale's texts) to build a view that uses 30 of them. This read selects only what the view
 * shows, the texts already in the reader's locale, built once per database as a prepared statement.
 */

import { and, type SQL, sql } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import type { Executor } from '#server/db/client.ts'
import { preparedPerDatabase } from '#server/db/prepared.ts'
import { deals, missions, providers, users } from '#server/db/schema.ts'
import type { SupportedLocale } from '#server/http/locale.ts'
import type { Deal, DealState } from '#shared/contract/deals.ts'
import { withMissionNewestFirst } from './deals-repository'
import { missionColumns, missionView } from './missions-repository'

/** A localized text as `localized()` picks it: the reader's locale, else English. */
const inLocale = (column: AnyPgColumn) =>
  sql<string>`coalesce(${column}->>${sql.placeholder('locale')}, ${column}->>'en')`

const listColumns = {
  deal: {
    code: deals.code,
    state: deals.state,
    progress: deals.progress,
    earnedCents: deals.earnedCents,
    widgetToken: deals.widgetToken,
    createdAt: deals.createdAt,
    updatedAt: deals.updatedAt,
    finishedAt: deals.finishedAt,
  },
  mission: {
    code: missions.code,
    title: inLocale(missions.title),
    description: inLocale(missions.description),
    tips: inLocale(missions.tips),
    thumbnail: missions.thumbnail,
    integration: missions.integration,
    rewardModel: missions.rewardModel,
    rewardCents: missions.rewardCents,
    goal: missions.goal,
    spots: missions.spots,
    startsAt: missions.startsAt,
    endsAt: missions.endsAt,
    status: missions.status,
  },
  provider: {
    id: providers.id,
    name: providers.name,
    slug: providers.slug,
    logo: providers.logo,
    description: inLocale(providers.description),
    theme: providers.theme,
  },
  username: users.username,
  taken: missionColumns.taken,
}

const listWhere = (db: Executor, where: SQL | undefined) =>
  withMissionNewestFirst(db.select(listColumns).from(deals).$dynamic(), where)

const ofUser = sql`lower(${users.username}) = lower(${sql.placeholder('username')})`

const allDeals = preparedPerDatabase((db) => listWhere(db, ofUser).prepare('deal_list'))
const dealsInStates = preparedPerDatabase((db) =>
  listWhere(db, and(ofUser, sql`${deals.state} = any(${sql.placeholder('states')})`)).prepare(
    'deal_list_in_states',
  ),
)

type ListRow = Awaited<ReturnType<ReturnType<typeof allDeals>['execute']>>[number]

/** The same view as `dealView` (deals-repository.ts) gives a loaded deal. */
const listedDealView = (row: ListRow): Deal => ({
  code: row.deal.code,
  state: row.deal.state,
  progress: row.deal.progress,
  goal: row.mission.goal,
  earned: { amount: row.deal.earnedCents, currency: 'EUR' },
  mission: missionView(row),
  user: { username: row.username },
  widgetToken: row.deal.widgetToken,
  createdAt: row.deal.createdAt.toISOString(),
  updatedAt: row.deal.updatedAt.toISOString(),
  finishedAt: row.deal.finishedAt?.toISOString() ?? null,
})

/** A user's deals in a locale, newest first, optionally only in the given states. */
export async function listUserDealViews(
  db: Executor,
  username: string,
  locale: SupportedLocale,
  states: readonly DealState[] | undefined,
): Promise<Deal[]> {
  const rows =
    states && states.length > 0
      ? await dealsInStates(db).execute({ username, locale, states: [...states] })
      : await allDeals(db).execute({ username, locale })
  return rows.map(listedDealView)
}
