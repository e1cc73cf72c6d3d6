/**
 * A tracked click, step 2 of 3: the rules, in the order they apply. A batch of clicks taken in
 * (click-intake.ts) is settled (click-settlement.ts) against its deal and mission, both locked for the
 * batch, and each click, in arrival order, is either refused with the first reason that holds or
 * credited:
 *   1. a reason certain on arrival: a forged address, over the rate limit, no browser's agent;
 *   2. the deal is no longer in progress; 3. the mission is paused; 4. the mission is closed or ended;
 *   5. the owner's own click; 6. the visitor already gave a valid click within 24 h;
 *   7. the address gave its most valid clicks of the day; 8. the mission's budget is spent;
 * then credited: the click, the deal's progress (and a burst flag), the reward, the goal.
 * The database is asked what the batch needs before the rules run (what the batch's visitors and
 * addresses already gave, the mission's spend: `BatchFacts`), then the rules run here in memory, each
 * click seeing what the clicks before it in the batch did (a visitor twice in one batch, the goal or
 * the budget reached halfway), and the settlement writes the outcome in a few statements.
 */
import { eq } from 'drizzle-orm'
import type { Transaction } from '#server/db/client.ts'
import { type ClickIntakeRow, type DealRow, deals, type MissionRow, missions } from '#server/db/schema.ts'
import { ADDRESS_DAILY_CAP, isBurst, ownerNetworks } from './click-fraud'
import { ClickReason, missionOpenProblem } from './deal-steps'

/** A deal whose clicks are being settled: rows locked for the batch. */
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
  return {
    deal,
    mission,
    owner: await ownerNetworks(tx, deal.userId),
    earningsHoldHours,
  }
}

/** What the database says about the batch's visitors and addresses, read once before the rules run. */
export interface BatchFacts {
  /** Visitors who gave this deal a valid click within 24 h. */
  seen: Set<string>
  /** Valid clicks of the last 24 h per address, across all deals (the batch's addresses only). */
  addressClicks: Map<string, number>
  /** What the mission's deals earned together; null when the mission has no budget. */
  spentCents: number | null
  /** Distinct visitors with a valid click in the burst window; null when the deal is flagged already. */
  burstVisitors: number | null
}

/** The outcome of the rules over a batch: what the settlement writes. */
export interface BatchVerdict {
  /** Per click, in arrival order: why it was refused, or null when it is credited. */
  refusals: (ClickReason | null)[]
  /** Index of the click that reached the goal (the deal finishes with it), or null. */
  goalAt: number | null
  credited: number
  creditedCents: number
  /** The valid click that made a burst flags the deal. */
  flagged: boolean
}

/** The reward a valid click earns: the mission's reward when it pays per click, else nothing. */
export const clickRewardCents = (mission: MissionRow): number =>
  mission.rewardModel === 'cpc' ? mission.rewardCents : 0

/** Clicks that may be credited once the checks needing the database are done (rules 1 to 5 passed). */
export function mayNeedFacts(settling: SettlingDeal, click: ClickIntakeRow, now: Date): boolean {
  return settling.deal.state === 'inprogress' && firstRefusals(settling, click, now) === null
}

/** Rules 1 to 5: what the click and the locked rows alone decide. */
function firstRefusals(settling: SettlingDeal, click: ClickIntakeRow, now: Date): ClickReason | null {
  const { deal, mission } = settling
  if (click.refusal) return click.refusal as ClickReason
  if (deal.state !== 'inprogress') return ClickReason.notInProgress
  if (mission.status === 'paused') return ClickReason.missionPaused
  if (missionOpenProblem(mission, now)) return ClickReason.missionClosed
  const fromOwner =
    click.viewerId === deal.userId || (click.network !== null && settling.owner.has(click.network))
  return fromOwner ? ClickReason.owner : null
}

/**
 * Applies the rules to the batch's clicks in arrival order, in memory. Each credit is counted at once
 * in what the next clicks are judged by: the visitor is seen, the address counted, the budget spent,
 * the progress moved; the click reaching the goal finishes the deal, so the clicks after it are no
 * longer in progress.
 */
export function judgeBatch(
  settling: SettlingDeal,
  clicks: ClickIntakeRow[],
  facts: BatchFacts,
  now: Date,
): BatchVerdict {
  const { deal, mission } = settling
  const cpcCents = clickRewardCents(mission)
  const seen = new Set(facts.seen)
  const addressClicks = new Map(facts.addressClicks)
  let inProgress = deal.state === 'inprogress'
  let progress = deal.progress
  let spent = facts.spentCents ?? 0
  let flagged = false
  let inWindow = facts.burstVisitors
  const verdict: BatchVerdict = {
    refusals: [],
    goalAt: null,
    credited: 0,
    creditedCents: 0,
    flagged,
  }

  const refusalOf = (click: ClickIntakeRow): ClickReason | null => {
    if (!inProgress && !click.refusal) return ClickReason.notInProgress
    const first = firstRefusals(settling, click, now)
    if (first) return first
    if (seen.has(click.visitorHash)) return ClickReason.duplicate
    if (click.addressHash === null || (addressClicks.get(click.addressHash) ?? 0) >= ADDRESS_DAILY_CAP)
      return ClickReason.addressCap
    if (cpcCents > 0 && mission.budgetCents !== null && spent + cpcCents > mission.budgetCents)
      return ClickReason.overBudget
    return null
  }

  clicks.forEach((click, index) => {
    const reason = refusalOf(click)
    verdict.refusals.push(reason)
    if (reason) return
    seen.add(click.visitorHash)
    if (click.addressHash !== null)
      addressClicks.set(click.addressHash, (addressClicks.get(click.addressHash) ?? 0) + 1)
    progress += 1
    spent += cpcCents
    verdict.credited += 1
    verdict.creditedCents += cpcCents
    // A credited visitor had no valid click within 24 h, so each credit is a new visitor in the window.
    if (inWindow !== null && !flagged) {
      inWindow += 1
      flagged = isBurst(deal, progress, inWindow, now.getTime())
    }
    if (progress >= mission.goal) {
      inProgress = false
      verdict.goalAt = index
    }
  })
  verdict.flagged = flagged
  return verdict
}
