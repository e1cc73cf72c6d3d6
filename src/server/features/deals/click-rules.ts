/**
 * A tracked click, step 2 of 3: the rules, in the order they apply. A batch of one mission's clicks
 * taken in (click-intake.ts) is settled (click-settlement.ts) against the mission and its deals, all
 * locked for the batch, and each click, in arrival order, is either refused with the first reason that
 * holds or credited:
 *   1. a reason certain on arrival: a forged address, over the rate limit, no browser's agent;
 *   2. the deal is no longer in progress; 3. the mission is paused; 4. the mission is closed or ended;
 *   5. the owner's own click; 6. the visitor already gave the deal a valid click within 24 h;
 *   7. the address gave its most valid clicks of the day; 8. the mission's budget is spent;
 * then credited: the click, the deal's progress (and a burst flag), the reward, the goal.
 * The database is asked what the batch needs before the rules run (what the batch's visitors and
 * addresses already gave, the mission's spend: `BatchFacts`), then the rules run here in memory, each
 * click seeing what the clicks before it in the batch did (a visitor twice in one batch, the goal or
 * the budget reached halfway, another deal of the mission spending the budget), and the settlement
 * writes the outcome in a few statements.
 */
import { asc, eq, inArray } from 'drizzle-orm'
import type { Transaction } from '#server/db/client.ts'
import { type ClickIntakeRow, type DealRow, deals, type MissionRow, missions } from '#server/db/schema.ts'
import { ADDRESS_DAILY_CAP, isBurst, ownerNetworks, seenKey } from './click-fraud'
import { ClickReason, missionOpenProblem } from './deal-steps'

/** A mission whose clicks are being settled: its row and its clicked deals' rows, locked for the batch. */
export interface SettlingMission {
  mission: MissionRow
  /** The batch's deals by id; a deal deleted since its clicks arrived is absent. */
  deals: Map<string, DealRow>
  /** The networks each deal's owner signed in from within 24 h, by owner id. */
  owners: Map<string, ReadonlySet<string>>
  earningsHoldHours: number
}

/**
 * Locks the mission, then the batch's deals in id order (the lock order of every deal write, so
 * settlement never deadlocks with them). Null when the mission is gone.
 */
export async function lockForClicks(
  tx: Transaction,
  missionId: string,
  dealIds: string[],
  earningsHoldHours: number,
): Promise<SettlingMission | null> {
  const [mission] = await tx.select().from(missions).where(eq(missions.id, missionId)).for('update')
  if (!mission) return null
  const rows = await tx
    .select()
    .from(deals)
    .where(inArray(deals.id, dealIds))
    .orderBy(asc(deals.id))
    .for('update')
  const locked = new Map(rows.filter((deal) => deal.missionId === missionId).map((deal) => [deal.id, deal]))
  const owners = [...new Set([...locked.values()].map((deal) => deal.userId))]
  return { mission, deals: locked, owners: await ownerNetworks(tx, owners), earningsHoldHours }
}

/** What the database says about the batch's visitors and addresses, read once before the rules run. */
export interface BatchFacts {
  /** Visitors who gave their deal a valid click within 24 h (a visitor's hash is keyed by its deal). */
  seen: Set<string>
  /** Valid clicks of the last 24 h per address, across all deals (the batch's addresses only). */
  addressClicks: Map<string, number>
  /** What the mission's deals earned together; null when the mission has no budget. */
  spentCents: number | null
  /** Distinct visitors with a valid click in the burst window, per deal not flagged already. */
  burstVisitors: Map<string, number>
}

/** What the rules did to one deal of the batch: what the settlement writes for it. */
export interface DealVerdict {
  /** Index (in the batch) of the click that reached the deal's goal (the deal finishes with it), or null. */
  goalAt: number | null
  credited: number
  creditedCents: number
  /** The valid click that made a burst flags the deal. */
  flagged: boolean
}

/** The outcome of the rules over a batch. */
export interface BatchVerdict {
  /** Per click, in arrival order: why it was refused, or null when it is credited. */
  refusals: (ClickReason | null)[]
  /** The deals with at least one credited click. */
  deals: Map<string, DealVerdict>
}

/** The reward a valid click earns: the mission's reward when it pays per click, else nothing. */
export const clickRewardCents = (mission: MissionRow): number =>
  mission.rewardModel === 'cpc' ? mission.rewardCents : 0

/** Clicks that may be credited once the checks needing the database are done (rules 1 to 5 passed). */
export function mayNeedFacts(settling: SettlingMission, click: ClickIntakeRow, now: Date): boolean {
  return firstRefusals(settling, click, now) === null
}

/** Rules 1 to 5: what the click and the locked rows alone decide. */
function firstRefusals(settling: SettlingMission, click: ClickIntakeRow, now: Date): ClickReason | null {
  const { mission } = settling
  const deal = settling.deals.get(click.dealId)
  if (click.refusal) return click.refusal as ClickReason
  if (deal?.state !== 'inprogress') return ClickReason.notInProgress
  if (mission.status === 'paused') return ClickReason.missionPaused
  if (missionOpenProblem(mission, now)) return ClickReason.missionClosed
  const fromOwner =
    click.viewerId === deal.userId ||
    (click.network !== null && settling.owners.get(deal.userId)?.has(click.network) === true)
  return fromOwner ? ClickReason.owner : null
}

/**
 * Applies the rules to the batch's clicks in arrival order, in memory. Each credit is counted at once
 * in what the next clicks are judged by: the visitor is seen, the address counted, the mission's
 * budget spent, the deal's progress moved; the click reaching a deal's goal finishes it, so that
 * deal's clicks after it are no longer in progress.
 */
export function judgeBatch(
  settling: SettlingMission,
  clicks: ClickIntakeRow[],
  facts: BatchFacts,
  now: Date,
): BatchVerdict {
  const { mission } = settling
  const cpcCents = clickRewardCents(mission)
  const seen = new Set(facts.seen)
  const addressClicks = new Map(facts.addressClicks)
  const finished = new Set<string>()
  const progress = new Map<string, number>()
  const inWindow = new Map(facts.burstVisitors)
  let spent = facts.spentCents ?? 0
  const verdict: BatchVerdict = { refusals: [], deals: new Map() }

  const refusalOf = (click: ClickIntakeRow): ClickReason | null => {
    if (finished.has(click.dealId) && !click.refusal) return ClickReason.notInProgress
    const first = firstRefusals(settling, click, now)
    if (first) return first
    if (seen.has(seenKey(click.dealId, click.visitorHash))) return ClickReason.duplicate
    if (click.addressHash === null || (addressClicks.get(click.addressHash) ?? 0) >= ADDRESS_DAILY_CAP)
      return ClickReason.addressCap
    if (cpcCents > 0 && mission.budgetCents !== null && spent + cpcCents > mission.budgetCents)
      return ClickReason.overBudget
    return null
  }

  clicks.forEach((click, index) => {
    const reason = refusalOf(click)
    verdict.refusals.push(reason)
    const deal = settling.deals.get(click.dealId)
    if (reason || !deal) return
    seen.add(seenKey(click.dealId, click.visitorHash))
    if (click.addressHash !== null)
      addressClicks.set(click.addressHash, (addressClicks.get(click.addressHash) ?? 0) + 1)
    const dealProgress = (progress.get(deal.id) ?? deal.progress) + 1
    progress.set(deal.id, dealProgress)
    spent += cpcCents
    let outcome = verdict.deals.get(deal.id)
    if (!outcome) {
      outcome = { goalAt: null, credited: 0, creditedCents: 0, flagged: false }
      verdict.deals.set(deal.id, outcome)
    }
    outcome.credited += 1
    outcome.creditedCents += cpcCents
    // A credited visitor had no valid click within 24 h, so each credit is a new visitor in the window.
    const visitors = inWindow.get(deal.id)
    if (visitors !== undefined && !outcome.flagged) {
      inWindow.set(deal.id, visitors + 1)
      outcome.flagged = isBurst(deal, dealProgress, visitors + 1, now.getTime())
    }
    if (dealProgress >= mission.goal) {
      finished.add(deal.id)
      outcome.goalAt = index
    }
  })
  return verdict
}
