/**
 * The checks that keep bought and self-made clicks from being credited: the owner's own
 * clicks, a per-address daily cap across deals, a per-address rate limit that never breaks the viewer's
 * redirect, a burst flag for review, and repeated invalid clicks counted on one row instead of one each.
 * Each takes the caller's transaction, which holds the mission's and its deals' row locks (see click-settlement.ts).
 */
import { and, count, eq, gt, isNotNull, sql } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import type { Transaction } from '#server/db/client.ts'
import { type DealRow, dealEvents, sessions } from '#server/db/schema.ts'
import { ApiError } from '#server/http/api-error.ts'
import type { RateLimiter, RateRule } from '#server/plugins/rate-limit.ts'
import { clickNetwork } from './click-identity'

const HOUR_MS = 60 * 60 * 1000
const DAY_MS = 24 * HOUR_MS

/**
 * 30 check calls a minute per address (an IPv6 /64 counts as one: a carrier's neighbours in one /48
 * are not held to one allowance in a raid): a viewer opens a tracked link a
 * few times at most, and an address can earn one valid click per deal a day anyway. Going over costs
 * a shared address (a campus, a carrier's NAT during a raid) only the credit, never the redirect, so
 * the limit can be tight; it bounds the writes one address can cause.
 */
export const clickAddressLimit: RateRule = {
  name: 'click:address',
  max: 30,
  windowMs: 60_000,
}

/** True when the network is over its check-call limit. The limiter failing must not break a redirect. */
export async function overClickRateLimit(
  limiter: RateLimiter,
  network: string,
  log: { warn(object: object, message: string): void },
): Promise<boolean> {
  try {
    await limiter.consume(clickAddressLimit, network)
    return false
  } catch (error) {
    if (error instanceof ApiError && error.statusCode === 429) return true
    // Fail open on the limiter only: de-duplication and the daily cap live in the database and still hold.
    log.warn({ err: error }, 'click rate limiter unavailable')
    return false
  }
}

// 500: far more sign-ins than one person makes in a day (sign-in is rate-limited); a bound on the read.
const OWNER_ADDRESSES_READ = 500

/**
 * The networks each deal owner signed in from within 24 h: a click from one of them is the owner's own
 * (compared as networks, so a phone's rotating IPv6 address inside its /64 is the same place). Read
 * once per settled batch, for all the batch's owners.
 */
export async function ownerNetworks(tx: Transaction, ownerIds: string[]): Promise<Map<string, Set<string>>> {
  const networks = new Map<string, Set<string>>(ownerIds.map((id) => [id, new Set()]))
  if (ownerIds.length === 0) return networks
  const since = new Date(Date.now() - DAY_MS)
  const signIns = await tx
    .selectDistinct({ userId: sessions.userId, ip: sessions.ip })
    .from(sessions)
    .where(
      and(anyOf(sessions.userId, ownerIds, 'uuid'), isNotNull(sessions.ip), gt(sessions.createdAt, since)),
    )
    .limit(OWNER_ADDRESSES_READ * ownerIds.length)
  for (const row of signIns) if (row.ip !== null) networks.get(row.userId)?.add(clickNetwork(row.ip))
  return networks
}

/**
 * `column = any($1)` with the list as ONE array parameter: the statement's text (prepared once) and its
 * building cost stay the same whatever the batch's size, where `in (...)` takes a parameter per value.
 */
const anyOf = (column: AnyPgColumn, values: readonly string[], type: 'text' | 'uuid') =>
  sql`${column} = any(${sql.param(values)}::${sql.raw(type)}[])`

// One valid click per visitor per deal per 24 h.
const CLICK_WINDOW_MS = DAY_MS

/** A visitor's key among the visitors a batch has seen (a visitor's hash is keyed by its deal already). */
export const seenKey = (dealId: string, visitorHash: string): string => `${dealId} ${visitorHash}`

const validClicks = () => and(eq(dealEvents.type, 'click'), eq(dealEvents.valid, true))

/**
 * Which of the batch's visitors (their prefix: an IPv6 /48) already gave their deal a valid click
 * within 24 h, as seenKey(deal, visitor): one query for the whole batch. Duplicates inside the batch
 * are the rules' to see (click-rules.ts).
 */
export async function visitorsSeenWithinWindow(
  tx: Transaction,
  dealIds: string[],
  visitorHashes: string[],
): Promise<Set<string>> {
  if (visitorHashes.length === 0) return new Set()
  const seen = await tx
    .selectDistinct({ dealId: dealEvents.dealId, visitorHash: dealEvents.visitorHash })
    .from(dealEvents)
    .where(
      and(
        anyOf(dealEvents.dealId, dealIds, 'uuid'),
        anyOf(dealEvents.visitorHash, visitorHashes, 'text'),
        validClicks(),
        gt(dealEvents.createdAt, new Date(Date.now() - CLICK_WINDOW_MS)),
      ),
    )
  return new Set(
    seen.flatMap((row) => (row.visitorHash === null ? [] : [seenKey(row.dealId, row.visitorHash)])),
  )
}

/**
 * 20 valid clicks per address per 24 h across all deals: a person follows a handful of streamers'
 * links in a day, and a shared address (a family, an office) still gets several people's clicks;
 * a click farm on one address is held to 20 credits a day however many deals it targets.
 */
export const ADDRESS_DAILY_CAP = 20
// Arbitrary namespace of the address locks (two-key advisory locks never meet the one-key ones).
const ADDRESS_LOCK_NAMESPACE = 11_001

/**
 * The valid clicks each of the batch's addresses gave in the last 24 h, across all deals. Clicks on
 * different deals hold different deal locks, so each address gets a lock of its own (taken after the
 * deal's, released at commit, in one statement and always in the same order so two batches sharing
 * addresses wait rather than deadlock): two deals clicked at once from one address cannot both take
 * its last place. Counted after the locks, by a statement that sees what their holders committed.
 */
export async function addressClicksToday(
  tx: Transaction,
  addressHashes: string[],
): Promise<Map<string, number>> {
  const counts = new Map<string, number>()
  if (addressHashes.length === 0) return counts
  const sorted = [...new Set(addressHashes)].sort()
  await tx.execute(
    sql`select count(pg_advisory_xact_lock(${ADDRESS_LOCK_NAMESPACE}, hashtext(h)))
      from unnest(${sql.param(sorted)}::text[]) with ordinality v(h, n)`,
  )
  const given = await tx
    .select({ addressHash: dealEvents.addressHash, total: count() })
    .from(dealEvents)
    .where(
      and(
        anyOf(dealEvents.addressHash, sorted, 'text'),
        gt(dealEvents.createdAt, new Date(Date.now() - DAY_MS)),
        validClicks(),
      ),
    )
    .groupBy(dealEvents.addressHash)
  for (const row of given) if (row.addressHash !== null) counts.set(row.addressHash, Number(row.total))
  return counts
}

const BURST_WINDOW_MS = 10 * 60 * 1000
/**
 * A deal is flagged when its valid clicks of the last 10 minutes pass max(30, 10 × its average per
 * 10 minutes before that window). 30 from 30 different addresses in 10 minutes is more than a small
 * channel's audience clicks that fast, so a new deal bought into life is caught from its first burst;
 * ten times its own pace lets an established channel's live stream through. A flag only asks for
 * review: the earnings stay pending meanwhile, and an admin may reject them.
 */
const BURST_FLOOR = 30
const BURST_FACTOR = 10
export const FlagReason = { clickBurst: 'click_burst' } as const

/**
 * The distinct visitors, i.e. distinct prefixes (an IPv6 /48: /64s rotated inside one site count
 * once), who gave each deal a valid click in the burst window: read once per batch, for the batch's
 * deals not flagged already (a deal without such a click is 0).
 */
export async function burstWindowVisitors(tx: Transaction, dealIds: string[]): Promise<Map<string, number>> {
  const visitors = new Map<string, number>(dealIds.map((id) => [id, 0]))
  if (dealIds.length === 0) return visitors
  const recent = await tx
    .select({
      dealId: dealEvents.dealId,
      total: sql<number>`count(distinct ${dealEvents.visitorHash})::int`,
    })
    .from(dealEvents)
    .where(
      and(
        anyOf(dealEvents.dealId, dealIds, 'uuid'),
        gt(dealEvents.createdAt, new Date(Date.now() - BURST_WINDOW_MS)),
        validClicks(),
      ),
    )
    .groupBy(dealEvents.dealId)
  for (const row of recent) visitors.set(row.dealId, Number(row.total))
  return visitors
}

/**
 * True when a valid click makes a burst: `inWindow` distinct visitors in the window (this click's
 * included) against the deal's usual pace over its `validClicks` (this one included) before it.
 */
export function isBurst(
  deal: Pick<DealRow, 'createdAt'>,
  validClicks: number,
  inWindow: number,
  now: number,
): boolean {
  const windowsBefore = Math.max(1, (now - deal.createdAt.getTime() - BURST_WINDOW_MS) / BURST_WINDOW_MS)
  const usualPace = Math.max(0, validClicks - inWindow) / windowsBefore
  return inWindow > Math.max(BURST_FLOOR, BURST_FACTOR * usualPace)
}

/** The key of a visitor's invalid-click row on a deal for one reason. */
export const repeatKey = (dealId: string, visitorHash: string, reason: string): string =>
  `${dealId} ${reason} ${visitorHash}`

/**
 * The invalid-click rows the batch's visitors already have on their deals within the last 24 h, by
 * repeatKey: a repeat adds to its row (occurrences, last_seen_at) instead of writing another,
 * so attack traffic costs one row per visitor, deal and reason a day. A rolling day rather than the
 * calendar's: repeats a second apart always meet on one row, even across midnight. Race-free because
 * the caller holds the mission's settlement lock.
 */
export async function invalidRowsToday(
  tx: Transaction,
  dealIds: string[],
  visitorHashes: string[],
): Promise<Map<string, string>> {
  const rows = new Map<string, string>()
  if (visitorHashes.length === 0) return rows
  const found = await tx
    .select({
      id: dealEvents.id,
      dealId: dealEvents.dealId,
      visitorHash: dealEvents.visitorHash,
      reason: dealEvents.reason,
    })
    .from(dealEvents)
    .where(
      and(
        anyOf(dealEvents.dealId, dealIds, 'uuid'),
        anyOf(dealEvents.visitorHash, visitorHashes, 'text'),
        gt(dealEvents.createdAt, new Date(Date.now() - DAY_MS)),
        eq(dealEvents.type, 'click'),
        eq(dealEvents.valid, false),
      ),
    )
  for (const row of found)
    if (row.visitorHash !== null && row.reason !== null)
      rows.set(repeatKey(row.dealId, row.visitorHash, row.reason), row.id)
  return rows
}

/** Adds each row's repeats of the batch to its count (one statement for all of them). */
export async function countRepeats(tx: Transaction, repeats: Map<string, number>): Promise<void> {
  if (repeats.size === 0) return
  await tx.execute(sql`
    update ${dealEvents} set occurrences = ${dealEvents.occurrences} + v.times, last_seen_at = clock_timestamp()
    from unnest(${sql.param([...repeats.keys()])}::uuid[], ${sql.param([...repeats.values()])}::int[]) v(id, times)
    where ${dealEvents.id} = v.id`)
}
