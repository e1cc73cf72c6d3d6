/**
 * The publication queue: draft missions an operator has not decided on yet, oldest first, and the two
 * decisions. Each decision is one guarded UPDATE (`status = 'draft'` and no note yet), so two operators
 * (or a double click) deciding at once change the mission once, and only the one that changed it mails.
 */
import { and, asc, eq, isNull } from 'drizzle-orm'
import type { Database, Executor } from '#server/db/client.ts'
import { type MissionRow, missions, providers } from '#server/db/schema.ts'
import { ownerRecipients } from '#server/features/brand/owner-recipients-service.ts'
import { conflict, notFound } from '#server/http/api-error.ts'
import { audit } from '#server/lib/audit.ts'
import type { MissionDecision, QueuedMission } from '#shared/contract/admin-review.ts'

/** 200: a queue longer than this is worked from the top; the rest shows once those are decided. */
const QUEUE_LIMIT = 200

const waiting = and(eq(missions.status, 'draft'), isNull(missions.reviewNote))

export async function missionQueue(db: Executor): Promise<QueuedMission[]> {
  const rows = await db
    .select({
      mission: missions,
      providerName: providers.name,
      providerSlug: providers.slug,
    })
    .from(missions)
    .innerJoin(providers, eq(providers.id, missions.providerId))
    .where(waiting)
    .orderBy(asc(missions.createdAt), asc(missions.code))
    .limit(QUEUE_LIMIT)
  return rows.map(({ mission, providerName, providerSlug }) => ({
    code: mission.code,
    providerName,
    providerSlug,
    title: mission.title.en ?? Object.values(mission.title)[0] ?? mission.code,
    rewardModel: mission.rewardModel,
    rewardAmount: mission.rewardCents,
    budget: mission.budgetCents,
    startsAt: mission.startsAt.toISOString(),
    createdAt: mission.createdAt.toISOString(),
  }))
}

export const decisionView = (row: MissionRow): MissionDecision => ({
  code: row.code,
  status: row.status,
  reviewNote: row.reviewNote ?? null,
  reviewedAt: row.reviewedAt?.toISOString() ?? null,
})

export type Decision = { kind: 'published' } | { kind: 'rejected'; reason: string }

/**
 * Publishes a waiting draft, or sends it back with the reason. 404 for no such mission, 409 when it is
 * no longer waiting (decided by someone else meanwhile, or not a draft).
 */
export async function decideMission(
  db: Database,
  input: { code: string; decision: Decision; actorId: string | null },
): Promise<MissionRow> {
  const { code, decision, actorId } = input
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(missions)
      .set(
        decision.kind === 'published'
          ? { status: 'published', reviewNote: null, reviewedAt: new Date() }
          : { reviewNote: decision.reason, reviewedAt: new Date() },
      )
      .where(and(eq(missions.code, code), waiting))
      .returning()
    if (!row) {
      const [exists] = await tx.select({ id: missions.id }).from(missions).where(eq(missions.code, code))
      if (!exists) throw notFound('This mission does not exist')
      throw conflict('This mission is no longer waiting for a decision', {
        errors: ['mission.already_decided'],
      })
    }
    await audit(tx, {
      actorId,
      action: decision.kind === 'published' ? 'mission.publish' : 'mission.reject',
      target: `mission:${row.code}`,
      details: decision.kind === 'rejected' ? { reason: decision.reason } : {},
    })
    return row
  })
}

/** The brand's owners with a verified address: who hears of the decision. */
export async function brandOwners(db: Executor, providerId: string) {
  const [provider] = await db
    .select({ slug: providers.slug, name: providers.name })
    .from(providers)
    .where(eq(providers.id, providerId))
  const owners = await ownerRecipients(db, providerId)
  return { provider, owners }
}
