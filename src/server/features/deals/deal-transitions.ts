/**
 * The deal state writes: taking a mission, stopping and finishing (clicks are in deal-clicks.ts).
 * Each runs in one transaction, and every state change is a conditional
 * `UPDATE ... WHERE state = 'inprogress' RETURNING`: of two concurrent transitions exactly one
 * returns a row, so a deal ends in one final state and a reward is paid at most once.
 */
import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Database } from '#server/db/client.ts'
import { type DealEventRow, deals, missions } from '#server/db/schema.ts'
import { queuePush } from '#server/features/push/push-service.ts'
import { notFound } from '#server/http/api-error.ts'
import { audit } from '#server/lib/audit.ts'
import type { DealState } from '#shared/contract/deals.ts'
import { newDealCode, newWidgetToken } from './deal-codes'
import {
  addEvent,
  type DealChange,
  dealConflict,
  dealContext,
  finishInTx,
  missionOpenProblem,
} from './deal-steps'
import { SPOT_HOLDING_STATES } from './missions-repository'

// A new code colliding twice in a row means something else is wrong; stop retrying then.
const CODE_ATTEMPTS = 5

/** Takes a mission: a new `inprogress` deal with a short code and a widget token. */
export async function subscribe(
  db: Database,
  input: { userId: string; missionCode: string },
): Promise<DealChange> {
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
        return { dealId: deal.id, events: [event], walletChanged: false }
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

/**
 * Moves an in-progress deal to a final state (the owner stopping it, or an admin). Answers 409 when
 * the deal already left `inprogress`, including when a concurrent request won the race.
 */
export function endDeal(
  db: Database,
  input: {
    dealId: string
    to: Exclude<DealState, 'inprogress'>
    actorId: string | null
    audited?: boolean
    /** Hours a fixed reward paid on finishing stays pending (EARNINGS_HOLD_HOURS). */
    earningsHoldHours: number
  },
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
      const context = dealContext(deal, mission, input.earningsHoldHours)
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
    await queuePush(tx, deal.userId, {
      kind: 'deal_stopped',
      dealCode: deal.code,
      missionTitle: { ...mission.title },
    })
    return { dealId: deal.id, events, walletChanged: false }
  })
}

/** A new widget token; the old one stops working at once (the caller empties its widget room). */
export async function regenerateWidgetToken(
  db: Database,
  dealId: string,
): Promise<{ old: string; change: DealChange }> {
  const token = newWidgetToken()
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ token: deals.widgetToken })
      .from(deals)
      .where(eq(deals.id, dealId))
      .for('update')
    if (!before) throw notFound('This deal does not exist')
    await tx.update(deals).set({ widgetToken: token, updatedAt: new Date() }).where(eq(deals.id, dealId))
    return { old: before.token, change: { dealId, events: [], walletChanged: false } }
  })
}
