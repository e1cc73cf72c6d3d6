/**
 * A tracked click, step 2 of 3: the rules, in the order they apply. A click taken in (click-intake.ts)
 * is settled (click-settlement.ts) against its deal and mission, both locked for the batch, and is
 * either refused with the first reason that holds or credited:
 *   1. a reason certain on arrival: a forged address, over the rate limit, no browser's agent;
 *   2. the deal is no longer in progress; 3. the mission is paused; 4. the mission is closed or ended;
 *   5. the owner's own click; 6. the visitor already gave a valid click within 24 h;
 *   7. the address gave its most valid clicks of the day; 8. the mission's budget is spent;
 * then credited: the click, the deal's progress (and a burst flag), the reward, the goal.
 */
import { and, eq, sql } from 'drizzle-orm'
import type { Transaction } from '#server/db/client.ts'
import { type ClickIntakeRow, type DealRow, deals, type MissionRow, missions } from '#server/db/schema.ts'
import {
  countRepeatedInvalidClick,
  flagBurst,
  ownerNetworks,
  reachedAddressCap,
  seenWithinWindow,
} from './click-fraud'
import {
  addEvent,
  ClickReason,
  creditReward,
  type DealChange,
  dealContext,
  finishInTx,
  missionOpenProblem,
  withinBudget,
} from './deal-steps'

/** A deal whose clicks are being settled: rows locked, kept current in memory as clicks apply. */
export interface SettlingDeal {
  deal: DealRow
  mission: MissionRow
  /** The networks the owner signed in from within 24 h. */
  owner: ReadonlySet<string>
  earningsHoldHours: number
}

/**
 * Locks the deal's mission, then the deal (the lock order of every deal write, so settlement never
 * deadlocks with them); the mission only while the deal is in progress, as only a credit needs it.
 * Null when the deal is gone.
 */
export async function lockForClicks(
  tx: Transaction,
  dealId: string,
  earningsHoldHours: number,
): Promise<SettlingDeal | null> {
  const [current] = await tx.select().from(deals).where(eq(deals.id, dealId))
  if (!current) return null
  const lockMission = tx.select().from(missions).where(eq(missions.id, current.missionId))
  const [mission] = await (current.state === 'inprogress' ? lockMission.for('update') : lockMission)
  const [deal] = await tx.select().from(deals).where(eq(deals.id, dealId)).for('update')
  if (!mission || !deal) return null
  return { deal, mission, owner: await ownerNetworks(tx, deal.userId), earningsHoldHours }
}

/** Records an invalid click, counted on the visitor's row of the same reason within 24 h when there is one. */
async function refuse(
  tx: Transaction,
  dealId: string,
  click: ClickIntakeRow,
  reason: ClickReason,
  change: DealChange,
): Promise<void> {
  // A repeat changes nothing anyone is shown live: it is not pushed, which also keeps a flood quiet.
  if (await countRepeatedInvalidClick(tx, { dealId, visitorHash: click.visitorHash, reason })) return
  change.events.push(
    await addEvent(tx, dealId, 'click', { valid: false, reason, visitorHash: click.visitorHash }),
  )
}

/** The first rule that refuses the click, or null when it is to be credited. */
async function refusalOf(
  tx: Transaction,
  settling: SettlingDeal,
  click: ClickIntakeRow,
  cpcCents: number,
): Promise<ClickReason | null> {
  const { deal, mission } = settling
  if (click.refusal) return click.refusal as ClickReason
  if (deal.state !== 'inprogress') return ClickReason.notInProgress
  if (mission.status === 'paused') return ClickReason.missionPaused
  if (missionOpenProblem(mission, new Date())) return ClickReason.missionClosed
  const fromOwner =
    click.viewerId === deal.userId || (click.network !== null && settling.owner.has(click.network))
  if (fromOwner) return ClickReason.owner
  if (await seenWithinWindow(tx, deal.id, click.visitorHash)) return ClickReason.duplicate
  if (click.addressHash === null || (await reachedAddressCap(tx, click.addressHash)))
    return ClickReason.addressCap
  if (cpcCents > 0 && !(await withinBudget(tx, mission, cpcCents))) return ClickReason.overBudget
  return null
}

/**
 * Applies the rules to one click of the locked deal, adding what it wrote to `change`; answers why it
 * was not credited, or null when it was.
 */
export async function applyClick(
  tx: Transaction,
  settling: SettlingDeal,
  click: ClickIntakeRow,
  change: DealChange,
): Promise<ClickReason | null> {
  const { deal, mission } = settling
  const cpcCents = mission.rewardModel === 'cpc' ? mission.rewardCents : 0
  const reason = await refusalOf(tx, settling, click, cpcCents)
  if (reason) {
    await refuse(tx, deal.id, click, reason, change)
    return reason
  }

  const addressHash = click.addressHash ?? undefined
  change.events.push(await addEvent(tx, deal.id, 'click', { visitorHash: click.visitorHash, addressHash }))
  const [progressed] = await tx
    .update(deals)
    .set({ progress: sql`${deals.progress} + 1`, updatedAt: new Date() })
    .where(and(eq(deals.id, deal.id), eq(deals.state, 'inprogress')))
    .returning({ progress: deals.progress })
  // Not reached while the batch holds the deal's lock; counted as not credited should it ever be.
  if (!progressed) return ClickReason.notInProgress
  deal.progress = progressed.progress
  if (await flagBurst(tx, deal, progressed.progress)) deal.flaggedAt = new Date()
  const context = dealContext(deal, mission, settling.earningsHoldHours)
  if (await creditReward(tx, context, cpcCents, change.events)) change.walletChanged = true
  if (progressed.progress >= mission.goal) {
    const finished = await finishInTx(tx, context, 'goal', change.events)
    if (finished) deal.state = 'finished'
    if (finished?.walletChanged) change.walletChanged = true
  }
  return null
}
