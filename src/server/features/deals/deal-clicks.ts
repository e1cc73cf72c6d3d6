/**
 * Tracked clicks: each is recorded (valid or with its reason), credited under the cpc model, and
 * finishes the deal at its goal, in one transaction that locks the mission, then the deal.
 */
import { and, eq, gt, sql } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { type DealEventRow, dealEvents, deals, missions } from '../../db/schema'
import { notFound } from '../../http/api-error'
import {
  addEvent,
  ClickReason,
  creditReward,
  type DealChange,
  finishInTx,
  missionOpenProblem,
  withinBudget,
} from './deal-steps'

// One valid click per visitor per deal per 24 h (DESIGN §3).
const CLICK_WINDOW_MS = 24 * 60 * 60 * 1000

export interface ClickInput {
  dealId: string
  visitorHash: string
  bot: boolean
}

/** Records one tracked click on a deal, crediting it and finishing the deal at its goal. */
export function recordClick(db: Database, input: ClickInput): Promise<DealChange> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(deals).where(eq(deals.id, input.dealId))
    if (!current) throw notFound('This deal does not exist')
    // Mission first, then deal: the same lock order as everywhere else, so clicks never deadlock.
    const lockMission = tx.select().from(missions).where(eq(missions.id, current.missionId))
    const [mission] = await (current.state === 'inprogress' ? lockMission.for('update') : lockMission)
    if (!mission) throw notFound('This mission does not exist')
    const [deal] = await tx.select().from(deals).where(eq(deals.id, input.dealId)).for('update')
    if (!deal) throw notFound('This deal does not exist')
    const events: DealEventRow[] = []
    const invalid = async (reason: string) => {
      events.push(
        await addEvent(tx, deal.id, 'click', { valid: false, reason, visitorHash: input.visitorHash }),
      )
      return { dealId: deal.id, events, walletChanged: false }
    }
    if (input.bot) return invalid(ClickReason.bot)
    if (deal.state !== 'inprogress') return invalid(ClickReason.notInProgress)
    if (missionOpenProblem(mission, new Date())) return invalid(ClickReason.missionClosed)
    const [seen] = await tx
      .select({ id: dealEvents.id })
      .from(dealEvents)
      .where(
        and(
          eq(dealEvents.dealId, deal.id),
          eq(dealEvents.visitorHash, input.visitorHash),
          eq(dealEvents.type, 'click'),
          eq(dealEvents.valid, true),
          gt(dealEvents.createdAt, new Date(Date.now() - CLICK_WINDOW_MS)),
        ),
      )
      .limit(1)
    if (seen) return invalid(ClickReason.duplicate)
    const cpcCents = mission.rewardModel === 'cpc' ? mission.rewardCents : 0
    if (cpcCents > 0 && !(await withinBudget(tx, mission, cpcCents))) return invalid(ClickReason.overBudget)

    events.push(await addEvent(tx, deal.id, 'click', { visitorHash: input.visitorHash }))
    const [progressed] = await tx
      .update(deals)
      .set({ progress: sql`${deals.progress} + 1`, updatedAt: new Date() })
      .where(and(eq(deals.id, deal.id), eq(deals.state, 'inprogress')))
      .returning({ progress: deals.progress })
    const context = { dealId: deal.id, dealCode: deal.code, userId: deal.userId, mission }
    let walletChanged = await creditReward(tx, context, cpcCents, events)
    if (progressed && progressed.progress >= mission.goal) {
      const finished = await finishInTx(tx, context, 'goal', events)
      walletChanged ||= finished?.walletChanged ?? false
    }
    return { dealId: deal.id, events, walletChanged }
  })
}
