/**
 * The checks that keep bought and self-made clicks from being credited: the owner's own
 * clicks, a per-address daily cap across deals, a per-address rate limit that never breaks the viewer's
 * redirect, a burst flag for review, and repeated invalid clicks counted on one row instead of one each.
 * Each takes the caller's transaction, which holds the deal's row lock (see click-settlement.ts).
 */
import { and, count, eq, gt, inArray, isNotNull, sql } from 'drizzle-orm'
import type { Transaction } from '#server/db/client.ts'
import { type DealEventRow, type DealRow, dealEvents, deals, sessions } from '#server/db/schema.ts'
import { ApiError } from '#server/http/api-error.ts'
import type { RateLimiter, RateRule } from '#server/plugins/rate-limit.ts'
import { clickNetwork } from './click-identity'
import type { ClickReason } from './deal-steps'

const HOUR_MS = 60 * 60 * 1000
const DAY_MS = 24 * HOUR_MS

/**
 * 30 check calls a minute per address (an IPv6 /64 counts as one: a carrier's neighbours in one /48
 * are not held to one allowance in a raid): a viewer opens a tracked link a
 * few times at most, and an address can earn one valid click per deal a day anyway. Going over costs
 * a shared address (a campus, a carrier's NAT during a raid) only the credit, never the redirect, so
 * the limit can be tight; it bounds the writes one address can cause.
 */
export const clickAddressLimit: RateRule = { name: 'click:address', max: 30, windowMs: 60_000 }

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
 * The networks the deal's owner signed in from within 24 h: a click from one of them is the owner's own
 * (compared as networks, so a phone's rotating IPv6 address inside its /64 is the same place). Read
 * once per settled batch of a deal's clicks.
 */
export async function ownerNetworks(tx: Transaction, ownerId: string): Promise<Set<string>> {
  const since = new Date(Date.now() - DAY_MS)
  const signIns = await tx
    .selectDistinct({ ip: sessions.ip })
    .from(sessions)
    .where(and(eq(sessions.userId, ownerId), isNotNull(sessions.ip), gt(sessions.createdAt, since)))
    .limit(OWNER_ADDRESSES_READ)
  return new Set(signIns.flatMap((row) => (row.ip === null ? [] : [clickNetwork(row.ip)])))
}

// One valid click per visitor per deal per 24 h.
const CLICK_WINDOW_MS = DAY_MS

/** True when the visitor (its prefix: an IPv6 /48) already gave this deal a valid click within 24 h. */
export async function seenWithinWindow(
  tx: Transaction,
  dealId: string,
  visitorHash: string,
): Promise<boolean> {
  const [seen] = await tx
    .select({ id: dealEvents.id })
    .from(dealEvents)
    .where(
      and(
        eq(dealEvents.dealId, dealId),
        eq(dealEvents.visitorHash, visitorHash),
        eq(dealEvents.type, 'click'),
        eq(dealEvents.valid, true),
        gt(dealEvents.createdAt, new Date(Date.now() - CLICK_WINDOW_MS)),
      ),
    )
    .limit(1)
  return seen !== undefined
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
 * True when the address has given its most valid clicks of the last 24 h. Clicks on different deals
 * hold different deal locks, so the address gets a lock of its own (taken after the deal's, released
 * at commit): two deals clicked at once from one address cannot both take the last place.
 */
export async function reachedAddressCap(tx: Transaction, addressHash: string): Promise<boolean> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ADDRESS_LOCK_NAMESPACE}, hashtext(${addressHash}))`)
  const [given] = await tx
    .select({ total: count() })
    .from(dealEvents)
    .where(
      and(
        eq(dealEvents.addressHash, addressHash),
        gt(dealEvents.createdAt, new Date(Date.now() - DAY_MS)),
        eq(dealEvents.type, 'click'),
        eq(dealEvents.valid, true),
      ),
    )
  return (given?.total ?? 0) >= ADDRESS_DAILY_CAP
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

/** Flags the deal for review when this valid click makes a burst; `validClicks` counts it already. */
export async function flagBurst(
  tx: Transaction,
  deal: Pick<DealRow, 'id' | 'createdAt' | 'flaggedAt'>,
  validClicks: number,
): Promise<boolean> {
  if (deal.flaggedAt) return false
  const now = Date.now()
  // Distinct visitors, i.e. distinct prefixes (an IPv6 /48): /64s rotated inside one site count once.
  const [recent] = await tx
    .select({ total: sql<number>`count(distinct ${dealEvents.visitorHash})::int` })
    .from(dealEvents)
    .where(
      and(
        eq(dealEvents.dealId, deal.id),
        gt(dealEvents.createdAt, new Date(now - BURST_WINDOW_MS)),
        eq(dealEvents.type, 'click'),
        eq(dealEvents.valid, true),
      ),
    )
  const inWindow = Number(recent?.total ?? 0)
  const windowsBefore = Math.max(1, (now - deal.createdAt.getTime() - BURST_WINDOW_MS) / BURST_WINDOW_MS)
  const usualPace = Math.max(0, validClicks - inWindow) / windowsBefore
  if (inWindow <= Math.max(BURST_FLOOR, BURST_FACTOR * usualPace)) return false
  await tx
    .update(deals)
    .set({ flaggedAt: new Date(now), flagReason: FlagReason.clickBurst })
    .where(eq(deals.id, deal.id))
  return true
}

/**
 * An invalid click of a visitor refused for the same reason within the last 24 h adds to that row
 * (occurrences, last_seen_at) instead of writing another: attack traffic then costs one row per
 * visitor, deal and reason a day. A rolling day rather than the calendar's: repeats a second apart
 * always meet on one row, even across midnight. Race-free because the caller holds the deal's row
 * lock. Returns the counted row, or null when there was none yet.
 */
export async function countRepeatedInvalidClick(
  tx: Transaction,
  input: { dealId: string; visitorHash: string; reason: ClickReason },
): Promise<DealEventRow | null> {
  const sameVisitorToday = tx
    .select({ id: dealEvents.id })
    .from(dealEvents)
    .where(
      and(
        eq(dealEvents.dealId, input.dealId),
        eq(dealEvents.visitorHash, input.visitorHash),
        gt(dealEvents.createdAt, new Date(Date.now() - DAY_MS)),
        eq(dealEvents.type, 'click'),
        eq(dealEvents.valid, false),
        eq(dealEvents.reason, input.reason),
      ),
    )
    .limit(1)
  const [counted] = await tx
    .update(dealEvents)
    .set({ occurrences: sql`${dealEvents.occurrences} + 1`, lastSeenAt: sql`clock_timestamp()` })
    .where(inArray(dealEvents.id, sameVisitorToday))
    .returning()
  return counted ?? null
}
