/**
 * Tracked clicks: each is recorded (valid or with its reason), credited under the cpc model, and
 * finishes the deal at its goal, in one transaction that locks the mission, then the deal. Who the
 * visitor is, and which clicks are never credited, is click-identity.ts and click-fraud.ts.
 */
import { and, eq, gt, sql } from 'drizzle-orm'
import type { Database, Transaction } from '#server/db/client.ts'
import { type DealEventRow, type DealRow, dealEvents, deals, missions } from '#server/db/schema.ts'
import { notFound } from '#server/http/api-error.ts'
import { countRepeatedInvalidClick, flagBurst, isOwnerClick, reachedAddressCap } from './click-fraud'
import { addressHash, clickAddress, isObviousBot, visitorHash } from './click-identity'
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

// One valid click per visitor per deal per 24 h (DESIGN §3).
const CLICK_WINDOW_MS = 24 * 60 * 60 * 1000

export interface ClickInput {
  dealId: string
  /** The client address behind any trusted proxy (`request.ip`): the only identity a click has. */
  ip: string
  /** Can only make the click invalid (a declared bot), never tell one visitor from another. */
  userAgent: string | undefined
  /** The signed-in viewer, when the browser sent a session. */
  viewerId: string | null
  /** The address is over its check-call limit: the click is recorded, never credited. */
  rateLimited: boolean
  /** Hours a credited click stays pending (EARNINGS_HOLD_HOURS). */
  earningsHoldHours: number
}

interface Visitor {
  network: string
  visitorHash: string
}

/** Records an invalid click, counted on today's row of the same visitor and reason when there is one. */
async function refuse(
  tx: Transaction,
  deal: DealRow,
  visitor: Visitor,
  reason: ClickReason,
): Promise<DealChange> {
  const input = { dealId: deal.id, visitorHash: visitor.visitorHash, reason }
  // A repeat changes nothing anyone is shown live: it is not pushed, which also keeps a flood quiet.
  if (await countRepeatedInvalidClick(tx, input)) return { dealId: deal.id, events: [], walletChanged: false }
  const event = await addEvent(tx, deal.id, 'click', {
    valid: false,
    reason,
    visitorHash: visitor.visitorHash,
  })
  return { dealId: deal.id, events: [event], walletChanged: false }
}

/** Records one tracked click on a deal, crediting it and finishing the deal at its goal. */
export async function recordClick(db: Database, input: ClickInput): Promise<DealChange> {
  const from = clickAddress(input.ip)
  // The per-deal window and the daily cap count the prefix (an IPv6 /48), so rotating /64s inside one
  // site is one visitor; a client address that is no address at all stands for itself, never credited.
  const network = from?.network ?? input.ip
  const visitor: Visitor = { network, visitorHash: visitorHash(input.dealId, from?.prefix ?? input.ip) }
  const knownInvalid = !from
    ? ClickReason.invalidAddress
    : input.rateLimited
      ? ClickReason.rateLimited
      : isObviousBot(input.userAgent)
        ? ClickReason.bot
        : null
  if (knownInvalid || !from) {
    // Refused whatever the deal's state: only the deal's row is locked, so a flood of these never
    // queues behind (nor holds up) the mission's lock that valid clicks of every deal on it need.
    return db.transaction(async (tx) => {
      const [deal] = await tx.select().from(deals).where(eq(deals.id, input.dealId)).for('update')
      if (!deal) throw notFound('This deal does not exist')
      return refuse(tx, deal, visitor, knownInvalid ?? ClickReason.invalidAddress)
    })
  }
  const address = await addressHash(db, from.prefix)
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(deals).where(eq(deals.id, input.dealId))
    if (!current) throw notFound('This deal does not exist')
    // Mission first, then deal: the same lock order as everywhere else, so clicks never deadlock.
    const lockMission = tx.select().from(missions).where(eq(missions.id, current.missionId))
    const [mission] = await (current.state === 'inprogress' ? lockMission.for('update') : lockMission)
    if (!mission) throw notFound('This mission does not exist')
    const [deal] = await tx.select().from(deals).where(eq(deals.id, input.dealId)).for('update')
    if (!deal) throw notFound('This deal does not exist')
    const invalid = (reason: ClickReason) => refuse(tx, deal, visitor, reason)
    if (deal.state !== 'inprogress') return invalid(ClickReason.notInProgress)
    if (mission.status === 'paused') return invalid(ClickReason.missionPaused)
    if (missionOpenProblem(mission, new Date())) return invalid(ClickReason.missionClosed)
    if (await isOwnerClick(tx, deal, { userId: input.viewerId, network })) return invalid(ClickReason.owner)
    const [seen] = await tx
      .select({ id: dealEvents.id })
      .from(dealEvents)
      .where(
        and(
          eq(dealEvents.dealId, deal.id),
          eq(dealEvents.visitorHash, visitor.visitorHash),
          eq(dealEvents.type, 'click'),
          eq(dealEvents.valid, true),
          gt(dealEvents.createdAt, new Date(Date.now() - CLICK_WINDOW_MS)),
        ),
      )
      .limit(1)
    if (seen) return invalid(ClickReason.duplicate)
    if (await reachedAddressCap(tx, address)) return invalid(ClickReason.addressCap)
    const cpcCents = mission.rewardModel === 'cpc' ? mission.rewardCents : 0
    if (cpcCents > 0 && !(await withinBudget(tx, mission, cpcCents))) return invalid(ClickReason.overBudget)

    const events: DealEventRow[] = [
      await addEvent(tx, deal.id, 'click', { visitorHash: visitor.visitorHash, addressHash: address }),
    ]
    const [progressed] = await tx
      .update(deals)
      .set({ progress: sql`${deals.progress} + 1`, updatedAt: new Date() })
      .where(and(eq(deals.id, deal.id), eq(deals.state, 'inprogress')))
      .returning({ progress: deals.progress })
    if (progressed) await flagBurst(tx, deal, progressed.progress)
    const context = dealContext(deal, mission, input.earningsHoldHours)
    let walletChanged = await creditReward(tx, context, cpcCents, events)
    if (progressed && progressed.progress >= mission.goal) {
      const finished = await finishInTx(tx, context, 'goal', events)
      walletChanged ||= finished?.walletChanged ?? false
    }
    return { dealId: deal.id, events, walletChanged }
  })
}
