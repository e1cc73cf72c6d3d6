/**
 * A brand's requests that an admin add to a mission's budget, for deployments without card payments.
 * Answering one "done" adds its amount in the transaction that closes it, under the mission's row lock:
 * the request leaves `requested` in one conditional UPDATE, so two answers (two admins, a replay)
 * add the amount once.
 */
import { and, desc, eq, sql } from 'drizzle-orm'
import type { Database, Executor } from '#server/db/client.ts'
import { isUuid } from '#server/db/ids.ts'
import {
  type MissionRow,
  missions,
  providers,
  type TopUpRequestRow,
  topUpRequests,
  users,
} from '#server/db/schema.ts'
import { conflict, notFound } from '#server/http/api-error.ts'
import { audit } from '#server/lib/audit.ts'
import type { AdminTopUpRequest, BrandTopUpRequest } from '#shared/contract/brand-portal.ts'
import { lockMission, manualTopUpIn, requireBudget } from './top-ups-repository'

const toRequest = (
  row: TopUpRequestRow,
  missionCode: string,
  requestedBy: string | null,
): BrandTopUpRequest => ({
  id: row.id,
  missionCode,
  amount: row.amountCents,
  note: row.note,
  status: row.status,
  requestedBy,
  createdAt: row.createdAt.toISOString(),
  decidedAt: row.decidedAt?.toISOString() ?? null,
})

export async function createTopUpRequest(
  db: Database,
  input: {
    mission: MissionRow
    providerSlug: string
    amount: number
    note: string
    userId: string
  },
): Promise<TopUpRequestRow> {
  requireBudget(input.mission)
  if (input.mission.status === 'closed')
    throw conflict('A closed mission takes no more budget', {
      errors: ['deal.mission_closed'],
    })
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(topUpRequests)
      .values({
        missionId: input.mission.id,
        amountCents: input.amount,
        note: input.note,
        requestedBy: input.userId,
      })
      .returning()
    if (!row) throw new Error('top-up request insert returned no row')
    await audit(tx, {
      actorId: input.userId,
      action: 'mission.top_up_request',
      target: `mission:${input.mission.code}`,
      details: { amount: input.amount, provider: input.providerSlug },
    })
    return row
  })
}

export { toRequest as topUpRequestView }

export async function listTopUpRequests(db: Executor, mission: MissionRow): Promise<BrandTopUpRequest[]> {
  const rows = await db
    .select({ request: topUpRequests, username: users.username })
    .from(topUpRequests)
    .leftJoin(users, eq(users.id, topUpRequests.requestedBy))
    .where(eq(topUpRequests.missionId, mission.id))
    .orderBy(desc(topUpRequests.createdAt), desc(topUpRequests.id))
  return rows.map((row) => toRequest(row.request, mission.code, row.username))
}

const adminColumns = {
  request: topUpRequests,
  username: users.username,
  missionCode: missions.code,
  providerSlug: providers.slug,
  providerName: providers.name,
}

type AdminRow = {
  request: TopUpRequestRow
  username: string | null
  missionCode: string
  providerSlug: string
  providerName: string
}

const toAdmin = (row: AdminRow): AdminTopUpRequest => ({
  ...toRequest(row.request, row.missionCode, row.username),
  providerSlug: row.providerSlug,
  providerName: row.providerName,
})

function adminQuery(db: Executor) {
  return db
    .select(adminColumns)
    .from(topUpRequests)
    .innerJoin(missions, eq(missions.id, topUpRequests.missionId))
    .innerJoin(providers, eq(providers.id, missions.providerId))
    .leftJoin(users, eq(users.id, topUpRequests.requestedBy))
}

/** Every request, waiting ones first, newest first within each; the last 200 answered ones. */
export async function listAdminTopUpRequests(db: Executor): Promise<AdminTopUpRequest[]> {
  const rows = await adminQuery(db)
    .orderBy(sql`${topUpRequests.status} = 'requested' desc`, desc(topUpRequests.createdAt))
    .limit(200)
  return rows.map(toAdmin)
}

/**
 * Answers a waiting request: 404 for an unknown one, 409 once answered. `done` records a manual
 * top-up of its amount (audited) in the same transaction.
 */
export async function decideTopUpRequest(
  db: Database,
  input: {
    id: string
    status: 'done' | 'declined'
    actorId: string | null
    actorName: string | null
  },
): Promise<{ request: AdminTopUpRequest; missionId: string }> {
  if (!isUuid(input.id)) throw notFound('This top-up request does not exist')
  return db.transaction(async (tx) => {
    const [found] = await tx.select().from(topUpRequests).where(eq(topUpRequests.id, input.id))
    if (!found) throw notFound('This top-up request does not exist')
    // The mission first, as clicks and top-ups lock it: then the request's own row.
    await lockMission(tx, found.missionId)
    const [decided] = await tx
      .update(topUpRequests)
      .set({
        status: input.status,
        decidedAt: new Date(),
        decidedBy: input.actorId,
      })
      .where(and(eq(topUpRequests.id, input.id), eq(topUpRequests.status, 'requested')))
      .returning()
    if (!decided)
      throw conflict('This top-up request was already answered', {
        errors: ['top_up_request.answered'],
      })
    if (input.status === 'done') {
      await manualTopUpIn(tx, {
        missionId: decided.missionId,
        amount: decided.amountCents,
        reason: `Brand request ${decided.id}`,
        actorId: input.actorId,
        actorName: input.actorName,
      })
    } else {
      await audit(tx, {
        actorId: input.actorId,
        action: 'mission.top_up_request_declined',
        target: `top_up_request:${decided.id}`,
      })
    }
    const [row] = await adminQuery(tx).where(eq(topUpRequests.id, decided.id))
    if (!row) throw new Error('the decided request vanished')
    return { request: toAdmin(row), missionId: decided.missionId }
  })
}

/** The addresses and languages of every admin account, for the notice of a new request. */
export async function adminRecipients(db: Executor) {
  return db
    .select({
      email: users.email,
      username: users.username,
      locale: users.locale,
    })
    .from(users)
    .where(sql`'admin' = any(${users.roles})`)
}
