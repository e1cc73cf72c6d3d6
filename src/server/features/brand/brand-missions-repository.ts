/** A brand's missions: the admin view of each, with what it spent, what is left and its valid clicks. */
import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Database, Executor } from '#server/db/client.ts'
import { type MissionRow, missions } from '#server/db/schema.ts'
import { listAdminMissions } from '#server/features/deals/catalogue-admin-service.ts'
import { conflict, notFound } from '#server/http/api-error.ts'
import { audit } from '#server/lib/audit.ts'
import type { BrandMission, BrandMissionStateBody } from '#shared/contract/brand.ts'

/** The condition a brand's write of a mission runs under: the mission is this provider's, and a draft. */
export const draftOf = (providerId: string) =>
  and(eq(missions.providerId, providerId), eq(missions.status, 'draft'))

export interface MissionSpend {
  spent: number
  validClicks: number
}

// Written out with aliases: in a one-table select Drizzle leaves columns unqualified, and `id` would
// then be ambiguous inside these subqueries.
const spentColumn = sql<string>`(select coalesce(sum(d.earned_cents), 0) from deals d where d.mission_id = "missions"."id")`
const validClicksColumn = sql<string>`(select count(*) from deal_events e inner join deals d on d.id = e.deal_id
  where d.mission_id = "missions"."id" and e.type = 'click' and e.valid)`

/** What each mission of a provider spent (its deals' earnings) and its valid clicks, by code, in one statement. */
export async function spendOfMissions(
  db: Executor,
  where: { providerId?: string; missionId?: string; code?: string },
): Promise<Map<string, MissionSpend>> {
  const rows = await db
    .select({ code: missions.code, spent: spentColumn, validClicks: validClicksColumn })
    .from(missions)
    .where(
      and(
        where.providerId ? eq(missions.providerId, where.providerId) : undefined,
        where.missionId ? eq(missions.id, where.missionId) : undefined,
        where.code ? eq(missions.code, where.code) : undefined,
      ),
    )
  return new Map(
    rows.map((row) => [row.code, { spent: Number(row.spent), validClicks: Number(row.validClicks) }]),
  )
}

/**
 * What one mission spent (its deals' earnings) and nothing else: read after every settled batch by the
 * webhooks' budget watch, so it stays clear of the valid-click count, which grows with every click.
 */
export async function spentOfMission(db: Executor, missionId: string): Promise<number> {
  const [row] = await db.select({ spent: spentColumn }).from(missions).where(eq(missions.id, missionId))
  return Number(row?.spent ?? 0)
}

export const remainingOf = (budget: number | null, spent: number): number | null =>
  budget === null ? null : Math.max(0, budget - spent)

/** The provider's missions (or the one with `code`), newest first, each with its spend. */
export async function listBrandMissions(
  db: Executor,
  providerId: string,
  code?: string,
): Promise<BrandMission[]> {
  const [views, spend] = await Promise.all([
    listAdminMissions(db, { providerId, ...(code ? { code } : {}) }),
    spendOfMissions(db, { providerId, ...(code ? { code } : {}) }),
  ])
  return views.map((view) => {
    const { spent, validClicks } = spend.get(view.code) ?? { spent: 0, validClicks: 0 }
    return { ...view, spent, remaining: remainingOf(view.budget, spent), validClicks }
  })
}

/** The integration kinds the provider's missions use (a partner's own kind among them). */
export async function integrationKindsOf(db: Executor, providerId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ kind: sql<string>`${missions.integration}->>'type'` })
    .from(missions)
    .where(eq(missions.providerId, providerId))
  return rows.map((row) => row.kind)
}

/** One mission of the provider; another provider's mission is as unknown as a missing one (404). */
export async function findBrandMission(db: Executor, providerId: string, code: string): Promise<MissionRow> {
  const [row] = await db
    .select()
    .from(missions)
    .where(and(eq(missions.code, code), eq(missions.providerId, providerId)))
  if (!row) throw notFound('This mission does not exist')
  return row
}

/** The brand's moves: pause or close a published mission, resume (publish) or close a paused one. */
const ALLOWED_FROM: Record<BrandMissionStateBody['status'], MissionRow['status'][]> = {
  paused: ['published'],
  published: ['paused'],
  closed: ['published', 'paused'],
}

/**
 * Changes a mission's status if the move is allowed from the status it has at that moment (checked in
 * the UPDATE, which waits for the clicks holding the mission's row lock), audited. 409 otherwise.
 */
export async function changeMissionState(
  db: Database,
  input: {
    providerId: string
    code: string
    status: BrandMissionStateBody['status']
    actorId: string | null
  },
): Promise<void> {
  await db.transaction(async (tx) => {
    const [changed] = await tx
      .update(missions)
      .set({ status: input.status })
      .where(
        and(
          eq(missions.code, input.code),
          eq(missions.providerId, input.providerId),
          inArray(missions.status, ALLOWED_FROM[input.status]),
        ),
      )
      .returning({ code: missions.code })
    if (!changed) {
      const current = await findBrandMission(tx, input.providerId, input.code)
      throw conflict(`A ${current.status} mission cannot become ${input.status}`, {
        children: { status: { errors: ['mission.state_not_allowed'] } },
      })
    }
    await audit(tx, {
      actorId: input.actorId,
      action: 'mission.state',
      target: `mission:${input.code}`,
      details: { status: input.status, by: 'brand' },
    })
  })
}
