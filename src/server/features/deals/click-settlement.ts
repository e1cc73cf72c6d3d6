/**
 * A tracked click, step 3 of 3: the settlement of a batch. Behind the viewers' redirects, a loop on
 * every node (click-settlement-loop.ts) claims a mission's unsettled clicks, across all its deals, and
 * settles them here in one transaction and a fixed number of statements whatever the batch's size or
 * the number of deals in it:
 *   1. claim: the mission's settlement lock, then its oldest unsettled clicks (SKIP LOCKED);
 *   2. lock the mission and the batch's deals (click-rules.ts), read what the rules need for the whole
 *      batch (click-fraud.ts): visitors already credited, each address's clicks of the day (under the
 *      addresses' locks), the mission's spend, the deals' burst windows;
 *   3. apply the rules in arrival order in memory (click-rules.ts);
 *   4. write the outcome: the events in one insert, repeated invalid clicks counted on their rows in
 *      one update, the deals' progress and earnings in one update, ONE ledger entry per deal for the
 *      batch's rewards (each credited click's event carries its reward, the earnings statement's
 *      lines), the goals; and the clicks marked settled.
 * A mission, not a deal, is the unit: its budget is shared by its deals, so its row lock is taken by
 * every batch anyway, and a raid on forty streamers' links then costs one transaction, not forty.
 * Each click counts exactly once, whichever node settles it, and a node killed mid-batch leaves its
 * clicks unsettled for the next pass (its own after a restart, or another node's).
 */
import { sql } from 'drizzle-orm'
import type { Database, Transaction } from '#server/db/client.ts'
import { fromDriverRow } from '#server/db/driver-rows.ts'
import { type ClickIntakeRow, clickIntake, type DealEventRow, dealEvents, deals } from '#server/db/schema.ts'
import { postEarnings } from '#server/features/wallet/ledger-service.ts'
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
  type SettlingMission,
} from './click-rules'
import { ClickReason, type DealChange, dealContext, finishInTx, missionSpentCents } from './deal-steps'

// 1,000 clicks a batch: the batch costs the same statements whatever its size, so a raid settles in
// few of them; it holds the mission's lock for some milliseconds.
const CLICKS_PER_BATCH = 1000
// Arbitrary namespace of the per-mission settlement lock (two-key advisory locks never meet one-key ones).
const SETTLE_LOCK_NAMESPACE = 11_002

/** Why a settled click was not credited (null: credited), and when it was taken in: the operator's figures. */
export interface ClickOutcome {
  refused: ClickReason | null
  receivedAt: Date
}

export interface SettledBatch {
  /** One per deal whose events or owner's wallet changed: what its pages are told. */
  changes: DealChange[]
  ids: number[]
  outcomes: ClickOutcome[]
}

/**
 * Settles the next batch of one mission's clicks in one transaction; null when another node is
 * settling this mission or nothing was left. The advisory lock keeps one settler per mission (so
 * arrival order holds across nodes); SKIP LOCKED claims only rows no other transaction holds.
 */
export async function settleMissionBatch(
  db: Database,
  missionId: string,
  earningsHoldHours: number,
): Promise<SettledBatch | null> {
  return db.transaction(async (tx) => {
    const { rows: lock } = await tx.execute<{ locked: boolean }>(
      sql`select pg_try_advisory_xact_lock(${SETTLE_LOCK_NAMESPACE}, hashtext(${missionId})) as locked`,
    )
    if (!lock[0]?.locked) return null
    const clicks = await tx
      .select()
      .from(clickIntake)
      .where(
        sql`${clickIntake.settledAt} is null and ${clickIntake.dealId} in
          (select ${deals.id} from ${deals} where ${deals.missionId} = ${missionId})`,
      )
      .orderBy(clickIntake.id)
      .limit(CLICKS_PER_BATCH)
      .for('update', { skipLocked: true })
    if (clicks.length === 0) return null
    const dealIds = [...new Set(clicks.map((click) => click.dealId))]
    const settling = await lockForClicks(tx, missionId, dealIds, earningsHoldHours)
    const changes = new Map<string, DealChange>(
      dealIds.map((dealId) => [dealId, { dealId, events: [], walletChanged: false }]),
    )
    // A mission deleted since its clicks arrived has nothing to credit: its clicks are settled as they are.
    const refusals = settling
      ? await settleClicks(tx, settling, clicks, changes)
      : clicks.map(() => ClickReason.notInProgress)
    const ids = clicks.map((click) => click.id)
    await markSettled(tx, ids)
    const outcomes = clicks.map((click, index) => ({
      refused: refusals[index] ?? null,
      receivedAt: click.createdAt,
    }))
    const changed = [...changes.values()].filter((change) => change.events.length > 0 || change.walletChanged)
    return { changes: changed, ids, outcomes }
  })
}

const markSettled = (tx: Transaction, ids: number[]) =>
  tx.execute(sql`
    update ${clickIntake} set settled_at = clock_timestamp()
    where ${clickIntake.id} = any(${sql.param(ids)}::bigint[])`)

/** Reads what the rules need about the batch: one query per kind of fact, none per click or deal. */
async function loadFacts(
  tx: Transaction,
  settling: SettlingMission,
  clicks: ClickIntakeRow[],
): Promise<BatchFacts> {
  const { mission } = settling
  const now = new Date()
  const candidates = clicks.filter((click) => mayNeedFacts(settling, click, now))
  if (candidates.length === 0)
    return { seen: new Set(), addressClicks: new Map(), spentCents: null, burstVisitors: new Map() }
  const dealIds = [...new Set(candidates.map((click) => click.dealId))]
  const addresses = candidates.flatMap((click) => (click.addressHash === null ? [] : [click.addressHash]))
  const unflagged = dealIds.filter((id) => !settling.deals.get(id)?.flaggedAt)
  return {
    seen: await visitorsSeenWithinWindow(tx, dealIds, [...new Set(candidates.map((c) => c.visitorHash))]),
    addressClicks: await addressClicksToday(tx, addresses),
    spentCents:
      mission.budgetCents !== null && clickRewardCents(mission) > 0
        ? await missionSpentCents(tx, mission.id)
        : null,
    burstVisitors: await burstWindowVisitors(tx, unflagged),
  }
}

/** An event row to insert: what varies from one event to the next. */
interface NewEvent {
  dealId: string
  type: DealEventRow['type']
  valid: boolean
  reason: string | null
  visitorHash: string | null
  addressHash: string | null
  amountCents: number | null
  occurrences: number
}

/**
 * Applies the rules to the batch and writes their outcome; answers each click's refusal (null: credited).
 */
async function settleClicks(
  tx: Transaction,
  settling: SettlingMission,
  clicks: ClickIntakeRow[],
  changes: Map<string, DealChange>,
): Promise<(ClickReason | null)[]> {
  const verdict = judgeBatch(settling, clicks, await loadFacts(tx, settling, clicks), new Date())
  const cpcCents = clickRewardCents(settling.mission)
  const refusedVisitors = [...new Set(clicks.filter((_, i) => verdict.refusals[i]).map((c) => c.visitorHash))]
  const known = await invalidRowsToday(tx, [...changes.keys()], refusedVisitors)
  // Events up to the click that reached a deal's goal, then the goal's own, then the clicks after it.
  const before: NewEvent[] = []
  const after: NewEvent[] = []
  const repeats = new Map<string, number>()
  const newRows = new Map<string, NewEvent>()
  clicks.forEach((click, index) => {
    const goalAt = verdict.deals.get(click.dealId)?.goalAt ?? null
    const target = goalAt !== null && index > goalAt ? after : before
    const reason = verdict.refusals[index]
    const base = { dealId: click.dealId, visitorHash: click.visitorHash, occurrences: 1 }
    if (!reason) {
      // The click carries its own reward: one row per credited click (the earnings statement's line),
      // not a click and a `credited` row after it, which doubled a raid's writes.
      target.push({
        ...base,
        type: 'click',
        valid: true,
        reason: null,
        addressHash: click.addressHash,
        amountCents: cpcCents > 0 ? cpcCents : null,
      })
      return
    }
    // A repeat changes nothing anyone is shown live: it is not pushed, which also keeps a flood quiet.
    const key = repeatKey(click.dealId, click.visitorHash, reason)
    const existing = known.get(key)
    const fresh = newRows.get(key)
    if (existing) repeats.set(existing, (repeats.get(existing) ?? 0) + 1)
    else if (fresh) fresh.occurrences += 1
    else {
      const row: NewEvent = {
        ...base,
        type: 'click',
        valid: false,
        reason,
        addressHash: null,
        amountCents: null,
      }
      newRows.set(key, row)
      target.push(row)
    }
  })
  addEvents(changes, await insertEvents(tx, before))
  await countRepeats(tx, repeats)
  if (verdict.deals.size > 0) await credit(tx, settling, verdict, changes)
  addEvents(changes, await insertEvents(tx, after))
  return verdict.refusals
}

function addEvents(changes: Map<string, DealChange>, events: DealEventRow[]): void {
  for (const event of events) changes.get(event.dealId)?.events.push(event)
}

/** The batch's credits: the deals' progress and earnings, one ledger entry per deal, burst flags, goals. */
async function credit(
  tx: Transaction,
  settling: SettlingMission,
  verdict: BatchVerdict,
  changes: Map<string, DealChange>,
): Promise<void> {
  const { mission } = settling
  const credited = [...verdict.deals]
  await tx.execute(sql`
    update ${deals} set
      progress = ${deals.progress} + v.credited,
      earned_cents = ${deals.earnedCents} + v.cents,
      updated_at = now(),
      flagged_at = case when v.flagged then now() else ${deals.flaggedAt} end,
      flag_reason = case when v.flagged then ${FlagReason.clickBurst} else ${deals.flagReason} end
    from unnest(${sql.param(credited.map(([dealId]) => dealId))}::uuid[],
      ${sql.param(credited.map(([, outcome]) => outcome.credited))}::int[],
      ${sql.param(credited.map(([, outcome]) => outcome.creditedCents))}::bigint[],
      ${sql.param(credited.map(([, outcome]) => outcome.flagged))}::boolean[]) v(id, credited, cents, flagged)
    where ${deals.id} = v.id`)
  const earnings = credited.flatMap(([dealId, outcome]) => {
    const deal = settling.deals.get(dealId)
    if (!deal || outcome.creditedCents === 0) return []
    return [
      {
        userId: deal.userId,
        dealId,
        amountCents: outcome.creditedCents,
        description: `${mission.title.en} (${deal.code})`,
      },
    ]
  })
  await postEarnings(tx, earnings, settling.earningsHoldHours)
  for (const { dealId } of earnings) {
    const change = changes.get(dealId)
    if (change) change.walletChanged = true
  }
  for (const [dealId, outcome] of credited) {
    const deal = settling.deals.get(dealId)
    const change = changes.get(dealId)
    if (outcome.goalAt === null || !deal || !change) continue
    const finished = await finishInTx(
      tx,
      dealContext(deal, mission, settling.earningsHoldHours),
      'goal',
      change.events,
    )
    if (finished?.walletChanged) change.walletChanged = true
  }
}

/**
 * One insert for many events, one statement text whatever their number (the rows as arrays); their
 * seq follows the list's order. clock_timestamp(), not now() (the transaction's start), so events
 * written together do not tie.
 */
async function insertEvents(tx: Transaction, rows: NewEvent[]): Promise<DealEventRow[]> {
  if (rows.length === 0) return []
  const column = <K extends keyof NewEvent>(key: K) => sql.param(rows.map((row) => row[key]))
  const { rows: inserted } = await tx.execute<Record<string, unknown>>(sql`
    insert into ${dealEvents} (deal_id, type, valid, reason, visitor_hash, address_hash, amount_cents,
      occurrences, last_seen_at, created_at)
    select v.deal_id, v.type, v.valid, v.reason, v.visitor_hash, v.address_hash, v.amount_cents,
      v.occurrences, clock_timestamp(), clock_timestamp()
    from unnest(${column('dealId')}::uuid[], ${column('type')}::text[], ${column('valid')}::boolean[],
      ${column('reason')}::text[], ${column('visitorHash')}::text[], ${column('addressHash')}::text[],
      ${column('amountCents')}::bigint[], ${column('occurrences')}::int[])
      with ordinality as v(deal_id, type, valid, reason, visitor_hash, address_hash, amount_cents,
        occurrences, position)
    order by v.position
    returning *`)
  return inserted.map((row) => fromDriverRow(dealEvents, row) as DealEventRow)
}
