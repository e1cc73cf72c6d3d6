/**
 * Every write on deals: taking a mission, tracked clicks and their rewards, stopping and finishing.
 * Each runs in one transaction, and every state change is a conditional
 * `UPDATE ... WHERE state = 'inprogress' RETURNING`: of two concurrent transitions exactly one
 * returns a row, so a deal ends in one final state and a reward is paid at most once.
 */
import { and, eq, gt, inArray, sql } from 'drizzle-orm'
import type { DealState } from '../../../shared/contract/deals'
import type { Database, Transaction } from '../../db/client'
import { type DealEventRow, dealEvents, deals, type MissionRow, missions } from '../../db/schema'
import { conflict, notFound } from '../../http/api-error'
import { audit } from '../../lib/audit'
import { ensureWalletRow, postLedgerEntry } from '../wallet/ledger'
import { newDealCode, newWidgetToken } from './deal-codes'
import { SPOT_HOLDING_STATES } from './missions-repository'

type EventType = DealEventRow['type']

/** What a write changed, for the notifier to push once the transaction has committed. */
export interface DealChange {
  dealId: string
  events: DealEventRow[]
  /** The owner's wallet balance moved. */
  walletChanged: boolean
}

/** Invalid-click reasons, shown on the events page (translation keys on the client). */
export const ClickReason = {
  bot: 'bot',
  duplicate: 'duplicate_visitor',
  notInProgress: 'deal_not_in_progress',
  missionClosed: 'mission_closed',
  overBudget: 'mission_over_budget',
} as const

// One valid click per visitor per deal per 24 h (DESIGN §3).
const CLICK_WINDOW_MS = 24 * 60 * 60 * 1000
// A new code colliding twice in a row means something else is wrong; stop retrying then.
const CODE_ATTEMPTS = 5

const dealConflict = (message: string, key: string) => conflict(message, { errors: [key] })

async function addEvent(
  tx: Transaction,
  dealId: string,
  type: EventType,
  extra: { valid?: boolean; reason?: string | null; amountCents?: number | null; visitorHash?: string } = {},
): Promise<DealEventRow> {
  const [row] = await tx
    .insert(dealEvents)
    .values({
      dealId,
      type,
      valid: extra.valid ?? true,
      reason: extra.reason ?? null,
      amountCents: extra.amountCents ?? null,
      visitorHash: extra.visitorHash ?? null,
      // now() is the transaction's start: events written together would tie and list in random order.
      createdAt: sql`clock_timestamp()`,
    })
    .returning()
  if (!row) throw new Error('deal event insert returned no row')
  return row
}

function missionOpenProblem(mission: MissionRow, now: Date): { message: string; key: string } | null {
  if (mission.status === 'closed') return { message: 'This mission is closed', key: 'deal.mission_closed' }
  if (mission.startsAt > now)
    return { message: 'This mission has not started yet', key: 'deal.mission_not_started' }
  if (mission.endsAt && mission.endsAt <= now)
    return { message: 'This mission has ended', key: 'deal.mission_ended' }
  return null
}

/** Takes a mission: a new `inprogress` deal with a short code and a widget token. */
export async function subscribe(
  db: Database,
  input: { userId: string; missionCode: string },
): Promise<{ dealId: string; change: DealChange }> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction(async (tx) => {
        // Locking the mission row serialises subscriptions to it, so spots can never be oversold.
        const [mission] = await tx
          .select()
          .from(missions)
          .where(eq(missions.code, input.missionCode))
          .for('update')
        if (!mission || mission.status === 'draft') throw notFound('This mission does not exist')
        const problem = missionOpenProblem(mission, new Date())
        if (problem) throw dealConflict(problem.message, problem.key)
        const [existing] = await tx
          .select({ id: deals.id })
          .from(deals)
          .where(and(eq(deals.userId, input.userId), eq(deals.missionId, mission.id)))
        if (existing) throw dealConflict('You already have a deal on this mission', 'deal.already_taken')
        const [held] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(deals)
          .where(and(eq(deals.missionId, mission.id), inArray(deals.state, [...SPOT_HOLDING_STATES])))
        if ((held?.n ?? 0) >= mission.spots) throw dealConflict('This mission is full', 'deal.mission_full')
        const [deal] = await tx
          .insert(deals)
          .values({
            code: newDealCode(),
            userId: input.userId,
            missionId: mission.id,
            widgetToken: newWidgetToken(),
          })
          .returning({ id: deals.id })
        if (!deal) throw new Error('deal insert returned no row')
        const event = await addEvent(tx, deal.id, 'subscribed')
        return { dealId: deal.id, change: { dealId: deal.id, events: [event], walletChanged: false } }
      })
    } catch (error) {
      if (attempt < CODE_ATTEMPTS && isCodeCollision(error)) continue
      throw error
    }
  }
}

function isCodeCollision(error: unknown): boolean {
  const seen = new Set<unknown>()
  let current: unknown = error
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current)
    const { code, constraint } = current as { code?: string; constraint?: string }
    if (
      code === '23505' &&
      (constraint === 'deals_code_unique' || constraint === 'deals_widget_token_unique')
    )
      return true
    current = (current as { cause?: unknown }).cause
  }
  return false
}

/** Credits a reward when the mission's budget allows it; otherwise records the rejection. */
async function creditReward(
  tx: Transaction,
  context: { dealId: string; dealCode: string; userId: string; mission: MissionRow },
  amountCents: number,
  events: DealEventRow[],
): Promise<boolean> {
  if (amountCents <= 0) return false
  if (!(await withinBudget(tx, context.mission, amountCents))) {
    events.push(
      await addEvent(tx, context.dealId, 'rejected', {
        valid: false,
        reason: ClickReason.overBudget,
        amountCents,
      }),
    )
    return false
  }
  const walletId = await ensureWalletRow(tx, context.userId)
  await postLedgerEntry(tx, {
    walletId,
    kind: 'earning',
    amountCents,
    description: `${context.mission.title.en} (${context.dealCode})`,
    dealId: context.dealId,
  })
  await tx
    .update(deals)
    .set({ earnedCents: sql`${deals.earnedCents} + ${amountCents}`, updatedAt: new Date() })
    .where(eq(deals.id, context.dealId))
  events.push(await addEvent(tx, context.dealId, 'credited', { amountCents }))
  return true
}

/** Budget = the most a mission pays over all its deals; callers hold the mission row lock. */
async function withinBudget(tx: Transaction, mission: MissionRow, amountCents: number): Promise<boolean> {
  if (mission.budgetCents === null) return true
  const [spent] = await tx
    .select({ total: sql<string>`coalesce(sum(${deals.earnedCents}), 0)` })
    .from(deals)
    .where(eq(deals.missionId, mission.id))
  return Number(spent?.total ?? 0) + amountCents <= mission.budgetCents
}

/** inprogress -> finished, paying the fixed reward; null when the deal had already left inprogress. */
async function finishInTx(
  tx: Transaction,
  context: { dealId: string; dealCode: string; userId: string; mission: MissionRow },
  reason: 'goal' | 'admin',
  events: DealEventRow[],
): Promise<{ walletChanged: boolean } | null> {
  const now = new Date()
  const [finished] = await tx
    .update(deals)
    .set({ state: 'finished', finishedAt: now, updatedAt: now })
    .where(and(eq(deals.id, context.dealId), eq(deals.state, 'inprogress')))
    .returning({ id: deals.id })
  if (!finished) return null
  if (reason === 'goal') events.push(await addEvent(tx, context.dealId, 'goal_reached'))
  const paid =
    context.mission.rewardModel === 'fixed'
      ? await creditReward(tx, context, context.mission.rewardCents, events)
      : false
  events.push(await addEvent(tx, context.dealId, 'finished'))
  return { walletChanged: paid }
}

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

/**
 * Moves an in-progress deal to a final state (the owner stopping it, or an admin). Answers 409 when
 * the deal already left `inprogress`, including when a concurrent request won the race.
 */
export function endDeal(
  db: Database,
  input: { dealId: string; to: Exclude<DealState, 'inprogress'>; actorId: string | null; audited?: boolean },
): Promise<DealChange> {
  return db.transaction(async (tx) => {
    const [deal] = await tx.select().from(deals).where(eq(deals.id, input.dealId))
    if (!deal) throw notFound('This deal does not exist')
    const [mission] = await tx.select().from(missions).where(eq(missions.id, deal.missionId)).for('update')
    if (!mission) throw notFound('This mission does not exist')
    const events: DealEventRow[] = []
    if (input.audited) {
      await audit(tx, {
        actorId: input.actorId,
        action: 'deal.state',
        target: `deal:${deal.code}`,
        details: { from: deal.state, to: input.to },
      })
    }
    const notInProgress = () => dealConflict('This deal is no longer in progress', 'deal.not_in_progress')
    if (input.to === 'finished') {
      const context = { dealId: deal.id, dealCode: deal.code, userId: deal.userId, mission }
      const finished = await finishInTx(tx, context, 'admin', events)
      if (!finished) throw notInProgress()
      return { dealId: deal.id, events, walletChanged: finished.walletChanged }
    }
    const now = new Date()
    const [stopped] = await tx
      .update(deals)
      .set({ state: 'stopped', stoppedAt: now, updatedAt: now })
      .where(and(eq(deals.id, deal.id), eq(deals.state, 'inprogress')))
      .returning({ id: deals.id })
    if (!stopped) throw notInProgress()
    events.push(await addEvent(tx, deal.id, 'stopped'))
    return { dealId: deal.id, events, walletChanged: false }
  })
}

/** A new widget token; the old one stops working at once. */
export async function regenerateWidgetToken(
  db: Database,
  dealId: string,
): Promise<{ old: string; token: string }> {
  const token = newWidgetToken()
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ token: deals.widgetToken })
      .from(deals)
      .where(eq(deals.id, dealId))
      .for('update')
    if (!before) throw notFound('This deal does not exist')
    await tx.update(deals).set({ widgetToken: token, updatedAt: new Date() }).where(eq(deals.id, dealId))
    return { old: before.token, token }
  })
}
