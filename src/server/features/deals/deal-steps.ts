/**
 * The steps the deal writes share: recording an event, paying a reward within the mission's budget,
 * and the `inprogress -> finished` transition. Each takes the caller's transaction.
 */
import { and, eq, sql } from 'drizzle-orm'
import type { Transaction } from '#server/db/client.ts'
import { type DealEventRow, dealEvents, deals, type MissionRow } from '#server/db/schema.ts'
import { queuePush } from '#server/features/push/push-service.ts'
import { ensureWalletRow, postLedgerEntry } from '#server/features/wallet/ledger-service.ts'
import { conflict } from '#server/http/api-error.ts'

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
  /** The brand paused the mission: clicks count again once it is resumed. */
  missionPaused: 'mission_paused',
  overBudget: 'mission_over_budget',
  /** The deal's owner: signed in, or from an address the owner signed in from within 24 h. */
  owner: 'owner',
  /** The address sent more check calls than its per-address limit: redirected, never credited. */
  rateLimited: 'rate_limited',
  /** The address already gave its most valid clicks of the day, across all deals. */
  addressCap: 'address_daily_cap',
  /** The client address (as a trusted proxy named it) is not an IP address: no one to count it for. */
  invalidAddress: 'invalid_address',
} as const
export type ClickReason = (typeof ClickReason)[keyof typeof ClickReason]

/** The deal a reward or a transition is for, with its (locked) mission. */
export interface DealContext {
  dealId: string
  dealCode: string
  userId: string
  mission: MissionRow
  /** Hours the deal's earnings stay pending before a payout may use them (EARNINGS_HOLD_HOURS). */
  earningsHoldHours: number
}

/** The context of a locked deal row and its mission, for rewards and transitions. */
export const dealContext = (
  deal: { id: string; code: string; userId: string },
  mission: MissionRow,
  earningsHoldHours: number,
): DealContext => ({
  dealId: deal.id,
  dealCode: deal.code,
  userId: deal.userId,
  mission,
  earningsHoldHours,
})

export const dealConflict = (message: string, key: string) => conflict(message, { errors: [key] })

/** Appends one event to a deal's history. */
export async function addEvent(
  tx: Transaction,
  dealId: string,
  type: EventType,
  extra: {
    valid?: boolean
    reason?: string | null
    amountCents?: number | null
    visitorHash?: string
    addressHash?: string
  } = {},
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
      addressHash: extra.addressHash ?? null,
      // now() is the transaction's start: events written together would tie and list in random order.
      createdAt: sql`clock_timestamp()`,
      lastSeenAt: sql`clock_timestamp()`,
    })
    .returning()
  if (!row) throw new Error('deal event insert returned no row')
  return row
}

/** Why a mission takes no new deal or valid click at `now`, or null when it is open. */
export function missionOpenProblem(mission: MissionRow, now: Date): { message: string; key: string } | null {
  if (mission.status === 'closed') return { message: 'This mission is closed', key: 'deal.mission_closed' }
  if (mission.status === 'paused') return { message: 'This mission is paused', key: 'deal.mission_paused' }
  if (mission.startsAt > now)
    return {
      message: 'This mission has not started yet',
      key: 'deal.mission_not_started',
    }
  if (mission.endsAt && mission.endsAt <= now)
    return { message: 'This mission has ended', key: 'deal.mission_ended' }
  return null
}

/** Credits a reward when the mission's budget allows it; otherwise records the rejection. */
export async function creditReward(
  tx: Transaction,
  context: DealContext,
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
    holdHours: context.earningsHoldHours,
  })
  await tx
    .update(deals)
    .set({
      earnedCents: sql`${deals.earnedCents} + ${amountCents}`,
      updatedAt: new Date(),
    })
    .where(eq(deals.id, context.dealId))
  events.push(await addEvent(tx, context.dealId, 'credited', { amountCents }))
  return true
}

/** What a mission's deals earned together: the spend its budget caps (read under the mission's row lock). */
export async function missionSpentCents(tx: Transaction, missionId: string): Promise<number> {
  const [spent] = await tx
    .select({ total: sql<string>`coalesce(sum(${deals.earnedCents}), 0)` })
    .from(deals)
    .where(eq(deals.missionId, missionId))
  return Number(spent?.total ?? 0)
}

/** Budget = the most a mission pays over all its deals; callers hold the mission row lock. */
async function withinBudget(tx: Transaction, mission: MissionRow, amountCents: number): Promise<boolean> {
  if (mission.budgetCents === null) return true
  return (await missionSpentCents(tx, mission.id)) + amountCents <= mission.budgetCents
}

/** inprogress -> finished, paying the fixed reward; null when the deal had already left inprogress. */
export async function finishInTx(
  tx: Transaction,
  context: DealContext,
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
  // In this transaction: the notification exists exactly when the deal finished.
  await queuePush(tx, context.userId, {
    kind: 'deal_finished',
    dealCode: context.dealCode,
    missionTitle: { ...context.mission.title },
    amountCents: paid ? context.mission.rewardCents : 0,
  })
  return { walletChanged: paid }
}
