/**
 * A tracked click, step 3 of 3: the settlement of a batch. Behind the viewers' redirects, a loop on
 * every node (click-settlement-loop.ts) claims a deal's unsettled clicks and settles them here, in one
 * transaction and a few statements whatever the batch's size:
 *   1. claim: the deal's settlement lock, then its oldest unsettled clicks (SKIP LOCKED);
 *   2. lock the mission and the deal (click-rules.ts), read what the rules need for the whole batch
 *      (click-fraud.ts): visitors already credited, each address's clicks of the day (under the
 *      addresses' locks), the mission's spend, the burst window;
 *   3. apply the rules in arrival order in memory (click-rules.ts);
 *   4. write the outcome: the events in one insert, repeated invalid clicks counted on their rows in
 *      one update, the deal's progress and earnings in one update, ONE ledger entry for the batch's
 *      rewards (each credited click keeps its own `credited` event, the earnings statement's lines),
 *      the goal; and the clicks marked settled.
 * Each click counts exactly once, whichever node settles it, and a node killed mid-batch leaves its
 * clicks unsettled for the next pass (its own after a restart, or another node's).
 */
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { PgInsertValue } from 'drizzle-orm/pg-core'
import type { Database, Transaction } from '#server/db/client.ts'
import { type ClickIntakeRow, clickIntake, type DealEventRow, dealEvents, deals } from '#server/db/schema.ts'
import { ensureWalletRow, postLedgerEntry } from '#server/features/wallet/ledger-service.ts'
import {
  addressClicksToday,
  burstWindowVisitors,
  countRepeats,
  FlagReason,
  invalidRowsToday,
  repeatKey,
  visitorsSeenWithinWindow,
} from './click-fraud'
import {
  type BatchFacts,
  type BatchVerdict,
  clickRewardCents,
  judgeBatch,
  lockForClicks,
  mayNeedFacts,
  type SettlingDeal,
} from './click-rules'
import { ClickReason, type DealChange, dealContext, finishInTx, missionSpentCents } from './deal-steps'

// 500 clicks a batch: the batch costs the same dozen statements whatever its size, so a raid on one
// deal settles in few of them; it holds the mission's lock for a few milliseconds.
export const CLICKS_PER_BATCH = 500
// Arbitrary namespace of the per-deal settlement lock (two-key advisory locks never meet one-key ones).
const SETTLE_LOCK_NAMESPACE = 11_002

/** Why a settled click was not credited (null: credited), and when it was taken in: the operator's figures. */
export interface ClickOutcome {
  refused: ClickReason | null
  receivedAt: Date
}

export interface SettledBatch {
  change: DealChange
  ids: number[]
  outcomes: ClickOutcome[]
}

/**
 * Settles the next batch of one deal's clicks in one transaction; null when another node is settling
 * this deal or nothing was left. The advisory lock keeps one settler per deal (so arrival order holds
 * across nodes); SKIP LOCKED claims only rows no other transaction holds.
 */
export async function settleDealBatch(
  db: Database,
  dealId: string,
  earningsHoldHours: number,
): Promise<SettledBatch | null> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ locked: boolean }>(
      sql`select pg_try_advisory_xact_lock(${SETTLE_LOCK_NAMESPACE}, hashtext(${dealId})) as locked`,
    )
    if (!rows[0]?.locked) return null
    const clicks = await tx
      .select()
      .from(clickIntake)
      .where(and(eq(clickIntake.dealId, dealId), isNull(clickIntake.settledAt)))
      .orderBy(asc(clickIntake.id))
      .limit(CLICKS_PER_BATCH)
      .for('update', { skipLocked: true })
    if (clicks.length === 0) return null
    const change: DealChange = { dealId, events: [], walletChanged: false }
    // A deal deleted since its clicks arrived has nothing to credit: its clicks are settled as they are.
    const settling = await lockForClicks(tx, dealId, earningsHoldHours)
    const refusals = settling
      ? await settleClicks(tx, settling, clicks, change)
      : clicks.map(() => ClickReason.notInProgress)
    const ids = clicks.map((click) => click.id)
    await tx
      .update(clickIntake)
      .set({ settledAt: sql`clock_timestamp()` })
      .where(inArray(clickIntake.id, ids))
    const outcomes = clicks.map((click, index) => ({
      refused: refusals[index] ?? null,
      receivedAt: click.createdAt,
    }))
    return { change, ids, outcomes }
  })
}

/** Reads what the rules need about the batch: one query per kind of fact, none per click. */
async function loadFacts(
  tx: Transaction,
  settling: SettlingDeal,
  clicks: ClickIntakeRow[],
): Promise<BatchFacts> {
  const { deal, mission } = settling
  const now = new Date()
  const candidates = clicks.filter((click) => mayNeedFacts(settling, click, now))
  if (candidates.length === 0)
    return {
      seen: new Set(),
      addressClicks: new Map(),
      spentCents: null,
      burstVisitors: null,
    }
  const addresses = candidates.flatMap((click) => (click.addressHash === null ? [] : [click.addressHash]))
  return {
    seen: await visitorsSeenWithinWindow(tx, deal.id, [...new Set(candidates.map((c) => c.visitorHash))]),
    addressClicks: await addressClicksToday(tx, addresses),
    spentCents:
      mission.budgetCents !== null && clickRewardCents(mission) > 0
        ? await missionSpentCents(tx, mission.id)
        : null,
    burstVisitors: deal.flaggedAt ? null : await burstWindowVisitors(tx, deal.id),
  }
}

type EventValues = PgInsertValue<typeof dealEvents>

/**
 * Applies the rules to the batch and writes their outcome; answers each click's refusal (null: credited).
 */
async function settleClicks(
  tx: Transaction,
  settling: SettlingDeal,
  clicks: ClickIntakeRow[],
  change: DealChange,
): Promise<(ClickReason | null)[]> {
  const { deal, mission } = settling
  const verdict = judgeBatch(settling, clicks, await loadFacts(tx, settling, clicks), new Date())
  const cpcCents = clickRewardCents(mission)
  const known = await invalidRowsToday(tx, deal.id, [
    ...new Set(clicks.filter((_, i) => verdict.refusals[i]).map((click) => click.visitorHash)),
  ])
  // Events up to the click that reached the goal, then the goal's own, then the clicks refused after it.
  const before: EventValues[] = []
  const after: EventValues[] = []
  const repeats = new Map<string, number>()
  const newRows = new Map<string, EventValues>()
  clicks.forEach((click, index) => {
    const target = verdict.goalAt !== null && index > verdict.goalAt ? after : before
    const reason = verdict.refusals[index]
    const visitorHash = click.visitorHash
    if (!reason) {
      target.push(
        eventValues(deal.id, {
          type: 'click',
          visitorHash,
          addressHash: click.addressHash,
        }),
      )
      if (cpcCents > 0) target.push(eventValues(deal.id, { type: 'credited', amountCents: cpcCents }))
      return
    }
    // A repeat changes nothing anyone is shown live: it is not pushed, which also keeps a flood quiet.
    const key = repeatKey(visitorHash, reason)
    const existing = known.get(key)
    const fresh = newRows.get(key)
    if (existing) repeats.set(existing, (repeats.get(existing) ?? 0) + 1)
    else if (fresh) fresh.occurrences = Number(fresh.occurrences ?? 1) + 1
    else {
      const row = eventValues(deal.id, {
        type: 'click',
        valid: false,
        reason,
        visitorHash,
      })
      newRows.set(key, row)
      target.push(row)
    }
  })
  change.events.push(...(await insertEvents(tx, before)))
  await countRepeats(tx, repeats)
  if (verdict.credited > 0) await credit(tx, settling, verdict, change)
  change.events.push(...(await insertEvents(tx, after)))
  return verdict.refusals
}

/** The batch's credits: the deal's progress and earnings, one ledger entry, the burst flag, the goal. */
async function credit(
  tx: Transaction,
  settling: SettlingDeal,
  verdict: BatchVerdict,
  change: DealChange,
): Promise<void> {
  const { deal, mission } = settling
  const now = new Date()
  await tx
    .update(deals)
    .set({
      progress: sql`${deals.progress} + ${verdict.credited}`,
      earnedCents: sql`${deals.earnedCents} + ${verdict.creditedCents}`,
      updatedAt: now,
      ...(verdict.flagged ? { flaggedAt: now, flagReason: FlagReason.clickBurst } : {}),
    })
    .where(eq(deals.id, deal.id))
  const context = dealContext(deal, mission, settling.earningsHoldHours)
  if (verdict.creditedCents > 0) {
    await postLedgerEntry(tx, {
      walletId: await ensureWalletRow(tx, deal.userId),
      kind: 'earning',
      amountCents: verdict.creditedCents,
      description: `${mission.title.en} (${deal.code})`,
      dealId: deal.id,
      holdHours: settling.earningsHoldHours,
    })
    change.walletChanged = true
  }
  if (verdict.goalAt !== null) {
    const finished = await finishInTx(tx, context, 'goal', change.events)
    if (finished?.walletChanged) change.walletChanged = true
  }
}

function eventValues(
  dealId: string,
  values: {
    type: DealEventRow['type']
    valid?: boolean
    reason?: string
    visitorHash?: string
    addressHash?: string | null
    amountCents?: number
  },
): EventValues {
  return {
    dealId,
    valid: true,
    ...values,
    // now() is the transaction's start: events written together would tie (lists sort by seq too).
    createdAt: sql`clock_timestamp()`,
    lastSeenAt: sql`clock_timestamp()`,
  }
}

/** One insert for many events; their seq follows the list's order. */
async function insertEvents(tx: Transaction, rows: EventValues[]): Promise<DealEventRow[]> {
  if (rows.length === 0) return []
  return tx.insert(dealEvents).values(rows).returning()
}
