import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm'
import type { Executor } from '#server/db/client.ts'
import { preparedPerDatabase } from '#server/db/prepared.ts'
import { deals, missions, providers } from '#server/db/schema.ts'
import { localized, type SupportedLocale } from '#server/http/locale.ts'
import type { Mission } from '#shared/contract/deals.ts'

// Deals that hold a spot: a stopped deal gives its spot back.
export const SPOT_HOLDING_STATES = ['inprogress', 'finished'] as const

export const missionColumns = {
  mission: missions,
  provider: providers,
  taken: sql<number>`(select count(*)::int from ${deals} where ${deals.missionId} = ${missions.id} and ${inArray(deals.state, [...SPOT_HOLDING_STATES])})`,
}

export type MissionJoinRow = {
  mission: typeof missions.$inferSelect
  provider: typeof providers.$inferSelect
  taken: number
}

/** What a mission's view is made of, its texts already in the reader's locale. */
export interface MissionViewParts {
  mission: Pick<
    typeof missions.$inferSelect,
    | 'code'
    | 'thumbnail'
    | 'integration'
    | 'rewardModel'
    | 'rewardCents'
    | 'goal'
    | 'spots'
    | 'startsAt'
    | 'endsAt'
    | 'status'
  > & { title: string; description: string; tips: string }
  provider: Pick<typeof providers.$inferSelect, 'id' | 'name' | 'slug' | 'logo' | 'theme'> & {
    description: string
  }
  taken: number
}

export function missionView({ mission, provider, taken }: MissionViewParts): Mission {
  return {
    code: mission.code,
    title: mission.title,
    description: mission.description,
    tips: mission.tips,
    thumbnail: mission.thumbnail ?? null,
    provider: {
      id: provider.id,
      name: provider.name,
      slug: provider.slug,
      logo: provider.logo ?? null,
      description: provider.description,
      theme: provider.theme,
    },
    tools: mission.integration,
    reward: { model: mission.rewardModel, amount: { amount: mission.rewardCents, currency: 'EUR' } },
    goal: mission.goal,
    spots: mission.spots,
    spotsLeft: Math.max(0, mission.spots - Number(taken)),
    startsAt: mission.startsAt.toISOString(),
    endsAt: mission.endsAt?.toISOString() ?? null,
    status: mission.status,
  }
}

export function toMission({ mission, provider, taken }: MissionJoinRow, locale: SupportedLocale): Mission {
  return missionView({
    mission: {
      ...mission,
      title: localized(mission.title, locale),
      description: localized(mission.description, locale),
      tips: localized(mission.tips, locale),
    },
    provider: { ...provider, description: localized(provider.description, locale) },
    taken,
  })
}

/** Published missions, oldest first; optionally without those a user already has a deal on. */
export async function listPublishedMissions(
  db: Executor,
  locale: SupportedLocale,
  options: { excludeUserId?: string } = {},
): Promise<Mission[]> {
  const taken = options.excludeUserId
    ? db.select({ id: deals.missionId }).from(deals).where(eq(deals.userId, options.excludeUserId))
    : undefined
  const rows = await db
    .select(missionColumns)
    .from(missions)
    .innerJoin(providers, eq(providers.id, missions.providerId))
    .where(and(eq(missions.status, 'published'), taken ? notInArray(missions.id, taken) : undefined))
    .orderBy(asc(missions.startsAt), asc(missions.code))
  return rows.map((row) => toMission(row, locale))
}

/** One mission by code, published or closed (a deal's page still shows a closed mission); drafts stay hidden. */
export async function findVisibleMission(
  db: Executor,
  code: string,
  locale: SupportedLocale,
): Promise<Mission | null> {
  const [row] = await db
    .select(missionColumns)
    .from(missions)
    .innerJoin(providers, eq(providers.id, missions.providerId))
    .where(and(eq(missions.code, code), inArray(missions.status, ['published', 'closed'])))
    .limit(1)
  return row ? toMission(row, locale) : null
}

const missionCodesOfUser = preparedPerDatabase((db) =>
  db
    .select({ code: missions.code })
    .from(deals)
    .innerJoin(missions, eq(missions.id, deals.missionId))
    .where(eq(deals.userId, sql.placeholder('userId')))
    .prepare('mission_codes_of_user'),
)

/** The codes of the missions a user has a deal on, whatever its state: always read fresh. */
export async function missionCodesTakenBy(db: Executor, userId: string): Promise<Set<string>> {
  const rows = await missionCodesOfUser(db).execute({ userId })
  return new Set(rows.map((row) => row.code))
}
