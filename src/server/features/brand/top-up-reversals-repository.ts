/**
 * Card top-ups taken back after they were credited: Stripe refunded (some of) the payment, or the card
 * holder's bank disputes it. Each moves the mission's budget once, under the mission's row lock (the
 * lock clicks and credits take): a refund records Stripe's cumulative refunded amount and takes out only
 * what it adds to the one already recorded, so a replayed or concurrent delivery moves nothing more; a
 * dispute moves the budget only when its state changes (taken when opened, given back when won, kept
 * when lost). A published mission left over budget pauses, as a brand's own pause does. Audited.
 */
import { and, eq, sql } from 'drizzle-orm'
import type { Database, Transaction } from '#server/db/client.ts'
import { type BudgetTopUpRow, budgetTopUps, type MissionRow, missions } from '#server/db/schema.ts'
import { audit } from '#server/lib/audit.ts'
import { spendOfMissions } from './brand-missions-repository'
import { disputeHeld, lockMission } from './top-ups-repository'

type DisputeState = NonNullable<BudgetTopUpRow['disputeStatus']>

/** What a refund or dispute did, for the brand's live view and its owners' mail. */
export interface TakenBack {
  moved: true
  missionId: string
  providerId: string
  missionCode: string
  missionTitle: MissionRow['title']
  what: 'refund' | DisputeState
  /** The amount refunded now, or the dispute's amount. */
  amount: number
  /** What the budget moved by: negative taken back, positive given back, 0 for a top-up not credited yet. */
  budgetChange: number
  budget: number | null
  paused: boolean
}

export type Reversal = TakenBack | { moved: false; why: 'unknown' | 'mismatch' | 'already_counted' }

const takenBack = (
  mission: MissionRow,
  what: TakenBack['what'],
  moved: { amount: number; budgetChange: number; paused: boolean },
): TakenBack => ({
  moved: true,
  missionId: mission.id,
  providerId: mission.providerId,
  missionCode: mission.code,
  missionTitle: mission.title,
  what,
  ...moved,
  budget: mission.budgetCents === null ? null : mission.budgetCents + moved.budgetChange,
})

/** The card top-up of a PaymentIntent, locked after its mission (the order clicks use), or why not. */
async function lockedTopUp(
  tx: Transaction,
  paymentIntentId: string | null,
  currency: string,
): Promise<{ topUp: BudgetTopUpRow; mission: MissionRow } | 'unknown' | 'mismatch'> {
  if (!paymentIntentId) return 'unknown'
  const where = and(eq(budgetTopUps.stripePaymentIntentId, paymentIntentId), eq(budgetTopUps.source, 'card'))
  const [found] = await tx.select({ missionId: budgetTopUps.missionId }).from(budgetTopUps).where(where)
  if (!found) return 'unknown'
  // Every top-up is in euros: money in another currency was never credited, so there is nothing to take.
  if (currency !== 'eur') return 'mismatch'
  const mission = await lockMission(tx, found.missionId)
  const [topUp] = await tx.select().from(budgetTopUps).where(where).for('update')
  if (!topUp) return 'unknown'
  return { topUp, mission }
}

/**
 * Adds `change` (negative: takes back) to the budget; a published mission now over budget (it has
 * paid out more than its budget, so no click or reward can be paid any more) pauses, audited like a
 * brand's pause. Says whether it paused.
 */
async function moveBudget(tx: Transaction, mission: MissionRow, change: number): Promise<boolean> {
  const [moved] = await tx
    .update(missions)
    .set({ budgetCents: sql`${missions.budgetCents} + ${change}` })
    .where(eq(missions.id, mission.id))
    .returning()
  if (!moved || change >= 0 || moved.status !== 'published' || moved.budgetCents === null) return false
  // The spend the brand's pages show (its deals' earnings), read under the lock clicks take to pay.
  const spent = (await spendOfMissions(tx, { missionId: moved.id })).get(moved.code)?.spent ?? 0
  if (spent <= moved.budgetCents) return false
  await tx.update(missions).set({ status: 'paused' }).where(eq(missions.id, mission.id))
  await audit(tx, {
    actorId: null,
    action: 'mission.state',
    target: `mission:${mission.code}`,
    details: { status: 'paused', by: 'over_budget' },
  })
  return true
}

/** Records Stripe's cumulative refunded amount of a top-up's charge, moving the budget by what is new. */
export async function recordRefund(
  db: Database,
  charge: { paymentIntentId: string | null; refundedTotal: number; currency: string },
): Promise<Reversal> {
  return db.transaction(async (tx) => {
    const locked = await lockedTopUp(tx, charge.paymentIntentId, charge.currency)
    if (typeof locked === 'string') return { moved: false, why: locked } as const
    const { topUp, mission } = locked
    // Never more than the top-up minus what its dispute holds: nothing is taken back twice.
    const refunded = Math.min(charge.refundedTotal, topUp.amountCents - disputeHeld(topUp))
    const change = refunded - topUp.refundedCents
    // Equal: a replay. Lower: an older refund event arriving after a newer one.
    if (change <= 0) return { moved: false, why: 'already_counted' } as const
    await tx.update(budgetTopUps).set({ refundedCents: refunded }).where(eq(budgetTopUps.id, topUp.id))
    // A top-up not credited yet is credited without its refunded part when its payment succeeds.
    const credited = topUp.status === 'succeeded'
    const paused = credited ? await moveBudget(tx, mission, -change) : false
    await audit(tx, {
      actorId: null,
      action: 'mission.top_up_refund',
      target: `mission:${mission.code}`,
      details: { amount: change, refunded, topUp: topUp.id, budgetChange: credited ? -change : 0 },
    })
    return takenBack(mission, 'refund', { amount: change, budgetChange: credited ? -change : 0, paused })
  })
}

/** Which dispute states may follow which: once won or lost it is settled. */
const NEXT: Record<DisputeState | 'none', DisputeState[]> = {
  none: ['open', 'won', 'lost'],
  open: ['won', 'lost'],
  won: [],
  lost: [],
}

/** Records a dispute of a top-up's charge opening or closing, moving the budget when its state changes. */
export async function recordDispute(
  db: Database,
  dispute: { paymentIntentId: string | null; amount: number; currency: string; state: DisputeState },
): Promise<Reversal> {
  return db.transaction(async (tx) => {
    const locked = await lockedTopUp(tx, dispute.paymentIntentId, dispute.currency)
    if (typeof locked === 'string') return { moved: false, why: locked } as const
    const { topUp, mission } = locked
    if (!NEXT[topUp.disputeStatus ?? 'none'].includes(dispute.state))
      return { moved: false, why: 'already_counted' } as const
    const amount =
      topUp.disputeStatus === null
        ? Math.min(dispute.amount, topUp.amountCents - topUp.refundedCents)
        : topUp.disputedCents
    const heldBefore = disputeHeld(topUp)
    const heldAfter = dispute.state === 'won' ? 0 : amount
    await tx
      .update(budgetTopUps)
      .set({ disputeStatus: dispute.state, disputedCents: amount })
      .where(eq(budgetTopUps.id, topUp.id))
    const change = topUp.status === 'succeeded' ? heldBefore - heldAfter : 0
    const paused = change !== 0 ? await moveBudget(tx, mission, change) : false
    await audit(tx, {
      actorId: null,
      action: 'mission.top_up_dispute',
      target: `mission:${mission.code}`,
      details: { dispute: dispute.state, amount, topUp: topUp.id, budgetChange: change },
    })
    return takenBack(mission, dispute.state, { amount, budgetChange: change, paused })
  })
}
