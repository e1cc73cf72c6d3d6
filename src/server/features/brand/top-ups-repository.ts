/**
 * Budget top-ups. A succeeded top-up adds its amount to the mission's budget in the
 * transaction that marks it succeeded, under the mission's row lock (the lock clicks take before they
 * read the budget): a top-up and a credit never cross, and a top-up is counted once whoever asks twice.
 */
import { and, desc, eq, sql } from 'drizzle-orm'
import type { Database, Transaction } from '#server/db/client.ts'
import { type BudgetTopUpRow, budgetTopUps, type MissionRow, missions, users } from '#server/db/schema.ts'
import { conflict } from '#server/http/api-error.ts'
import { audit } from '#server/lib/audit.ts'
import type { BrandTopUp } from '#shared/contract/brand.ts'

/** What its dispute keeps out of the budget: its amount while open or once lost, nothing once won. */
export const disputeHeld = (row: BudgetTopUpRow): number =>
  row.disputeStatus === 'open' || row.disputeStatus === 'lost' ? row.disputedCents : 0

/** What a top-up adds to the budget: its amount, less what was refunded or is held by a dispute. */
const netOf = (row: BudgetTopUpRow): number =>
  Math.max(0, row.amountCents - row.refundedCents - disputeHeld(row))

/** A credited top-up taken back shows why: disputed while a dispute holds money, else refunded. */
function statusOf(row: BudgetTopUpRow): BrandTopUp['status'] {
  if (row.status !== 'succeeded') return row.status
  if (disputeHeld(row) > 0) return 'disputed'
  return row.refundedCents > 0 ? 'refunded' : 'succeeded'
}

const toTopUp = (row: BudgetTopUpRow, missionCode: string, createdBy: string | null): BrandTopUp => ({
  id: row.id,
  missionCode,
  amount: row.amountCents,
  source: row.source,
  status: statusOf(row),
  refunded: row.refundedCents,
  disputed: disputeHeld(row),
  dispute: row.disputeStatus,
  createdBy,
  createdAt: row.createdAt.toISOString(),
})

/** A budget is a cap: a mission without one spends freely, so a top-up would change nothing (409). */
export function requireBudget(mission: Pick<MissionRow, 'budgetCents'>): void {
  if (mission.budgetCents === null)
    throw conflict('This mission has no budget cap to top up', { errors: ['mission.no_budget'] })
}

export async function listTopUps(db: Database, mission: MissionRow): Promise<BrandTopUp[]> {
  const rows = await db
    .select({ topUp: budgetTopUps, username: users.username })
    .from(budgetTopUps)
    .leftJoin(users, eq(users.id, budgetTopUps.createdBy))
    .where(eq(budgetTopUps.missionId, mission.id))
    .orderBy(desc(budgetTopUps.createdAt), desc(budgetTopUps.id))
  return rows.map((row) => toTopUp(row.topUp, mission.code, row.username))
}

/** Any mission, by its code (an admin's top-up names it so). */
export async function findMissionByCode(db: Database, code: string): Promise<{ id: string } | undefined> {
  const [row] = await db.select({ id: missions.id }).from(missions).where(eq(missions.code, code))
  return row
}

export async function lockMission(tx: Transaction, missionId: string): Promise<MissionRow> {
  const [mission] = await tx.select().from(missions).where(eq(missions.id, missionId)).for('update')
  if (!mission) throw new Error('the mission of a top-up vanished')
  return mission
}

async function addToBudget(
  tx: Transaction,
  input: { topUp: BudgetTopUpRow; missionCode: string; actorId: string | null; reason?: string },
): Promise<void> {
  // A refund or dispute that arrived before the payment's success already took its part out.
  const amount = netOf(input.topUp)
  await tx
    .update(missions)
    .set({ budgetCents: sql`${missions.budgetCents} + ${amount}` })
    .where(eq(missions.id, input.topUp.missionId))
  await audit(tx, {
    actorId: input.actorId,
    action: 'mission.top_up',
    target: `mission:${input.missionCode}`,
    details: {
      amount,
      source: input.topUp.source,
      topUp: input.topUp.id,
      ...(input.reason ? { reason: input.reason } : {}),
    },
  })
}

/** An admin's manual top-up: recorded succeeded and added to the budget at once, audited. */
export async function manualTopUp(
  db: Database,
  input: {
    missionId: string
    amount: number
    reason: string
    actorId: string | null
    actorName: string | null
  },
): Promise<BrandTopUp> {
  return db.transaction((tx) => manualTopUpIn(tx, input))
}

/** The manual top-up inside the caller's transaction (a brand's request an admin answers "done"). */
export async function manualTopUpIn(
  tx: Transaction,
  input: {
    missionId: string
    amount: number
    reason: string
    actorId: string | null
    actorName: string | null
  },
): Promise<BrandTopUp> {
  const mission = await lockMission(tx, input.missionId)
  requireBudget(mission)
  const [topUp] = await tx
    .insert(budgetTopUps)
    .values({
      missionId: mission.id,
      amountCents: input.amount,
      source: 'manual',
      status: 'succeeded',
      reason: input.reason,
      createdBy: input.actorId,
      settledAt: new Date(),
    })
    .returning()
  if (!topUp) throw new Error('top-up insert returned no row')
  await addToBudget(tx, { topUp, missionCode: mission.code, actorId: input.actorId, reason: input.reason })
  return toTopUp(topUp, mission.code, input.actorName)
}

/** A card top-up waiting for its payment: the row exists before Stripe is asked, so its id names the intent. */
export async function createCardTopUp(
  db: Database,
  input: { missionId: string; amount: number; userId: string },
): Promise<BudgetTopUpRow> {
  const [row] = await db
    .insert(budgetTopUps)
    .values({
      missionId: input.missionId,
      amountCents: input.amount,
      source: 'card',
      createdBy: input.userId,
    })
    .returning()
  if (!row) throw new Error('top-up insert returned no row')
  return row
}

export async function attachPaymentIntent(
  db: Database,
  topUpId: string,
  paymentIntentId: string,
): Promise<void> {
  await db
    .update(budgetTopUps)
    .set({ stripePaymentIntentId: paymentIntentId })
    .where(eq(budgetTopUps.id, topUpId))
}

/** A card top-up that will never be paid (Stripe refused to start it, or its payment failed). */
export async function failTopUp(
  db: Database,
  where: { id?: string; paymentIntentId?: string },
): Promise<void> {
  await db
    .update(budgetTopUps)
    .set({ status: 'failed', settledAt: new Date() })
    .where(
      and(
        eq(budgetTopUps.status, 'pending'),
        where.id ? eq(budgetTopUps.id, where.id) : undefined,
        where.paymentIntentId ? eq(budgetTopUps.stripePaymentIntentId, where.paymentIntentId) : undefined,
      ),
    )
}

export type CardCredit =
  | { credited: true; missionId: string }
  | { credited: false; why: 'unknown' | 'already_settled' | 'mismatch' }

/**
 * Credits the card top-up of a succeeded PaymentIntent, once: the mission is locked first (the order
 * clicks use), then the top-up moves from pending to succeeded only if it still is pending, so the
 * same event delivered twice, or two deliveries at once, add the amount once. The amount and currency
 * Stripe received must be the top-up's own.
 */
export async function creditCardTopUp(
  db: Database,
  payment: { id: string; amountReceived: number; currency: string },
): Promise<CardCredit> {
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ topUp: budgetTopUps })
      .from(budgetTopUps)
      .where(and(eq(budgetTopUps.stripePaymentIntentId, payment.id), eq(budgetTopUps.source, 'card')))
    if (!found) return { credited: false, why: 'unknown' } as const
    const mission = await lockMission(tx, found.topUp.missionId)
    if (payment.amountReceived !== found.topUp.amountCents || payment.currency.toLowerCase() !== 'eur')
      return { credited: false, why: 'mismatch' } as const
    const [settled] = await tx
      .update(budgetTopUps)
      .set({ status: 'succeeded', settledAt: new Date() })
      .where(and(eq(budgetTopUps.id, found.topUp.id), eq(budgetTopUps.status, 'pending')))
      .returning()
    if (!settled) return { credited: false, why: 'already_settled' } as const
    await addToBudget(tx, { topUp: settled, missionCode: mission.code, actorId: settled.createdBy })
    return { credited: true, missionId: mission.id } as const
  })
}
