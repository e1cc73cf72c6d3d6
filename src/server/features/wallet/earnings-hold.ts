/**
 * Earnings holds: click and goal earnings are pending for EARNINGS_HOLD_HOURS before a
 * payout may draw on them, so an operator can reject the earnings of a deal flagged for bought
 * clicks before that money leaves. `wallets.held_cents` counts the entries still flagged `held`;
 * an entry whose hold has ended stays counted until the next debit releases it (reads compute
 * pending from the entries themselves, so a GET never writes).
 */
import { and, eq, gt, inArray, sql } from 'drizzle-orm'
import type { Transaction } from '#server/db/client.ts'
import { ledgerEntries, wallets } from '#server/db/schema.ts'

/** What the wallet shows: the pending part of the balance and when its next part becomes available. */
export interface PendingEarnings {
  pendingCents: number
  nextAvailableAt: Date | null
}

/** Entries still pending at the transaction's time (now()): held, with a hold that has not ended. */
const stillPending = () => and(eq(ledgerEntries.held, true), gt(ledgerEntries.availableAt, sql`now()`))

/** The held entries of the wallet row a query selects, on the held index: `(wallet, available_at)`. */
const heldOfWallet = () =>
  sql`from ${ledgerEntries} where ${ledgerEntries.walletId} = ${wallets.id} and ${ledgerEntries.held}`

/**
 * Columns to select beside a wallet row: its pending earnings, read-only (no release on a GET) and in
 * the same statement as the row, so balance and pending come from one snapshot. Pending is what
 * `held_cents` counts less the entries whose hold has ended and no debit has released yet: both
 * parts read only the few matured entries or the first pending one off the held index, never every
 * pending entry (a streamer in a raid gains one a batch, and the wallet is read after each).
 */
export const pendingColumns = () => ({
  pendingCents: sql<string>`(${wallets.heldCents} - (select coalesce(sum(${ledgerEntries.amountCents}), 0) ${heldOfWallet()} and ${ledgerEntries.availableAt} <= now()))`,
  nextAvailableAt:
    sql<Date | null>`(select min(${ledgerEntries.availableAt}) ${heldOfWallet()} and ${ledgerEntries.availableAt} > now())`.mapWith(
      ledgerEntries.availableAt,
    ),
})

export const pendingEarnings = (row: {
  pendingCents: string
  nextAvailableAt: Date | null
}): PendingEarnings => ({
  pendingCents: Number(row.pendingCents),
  nextAvailableAt: row.nextAvailableAt,
})

/**
 * Locks the wallet row, then moves every entry whose hold has ended out of `held_cents`. Called
 * first in any debit's transaction: the row lock serialises it with other debits and with a
 * rejection (which locks wallets before entries too), so an entry is released or rejected once.
 */
export async function lockWalletAndReleaseMatured(tx: Transaction, walletId: string): Promise<number> {
  // NO KEY UPDATE, the lock an UPDATE of the balance takes: FOR UPDATE would also conflict with the
  // key-share lock the payout row's foreign key already holds, and two payouts would deadlock.
  const [wallet] = await tx
    .select({ heldCents: wallets.heldCents })
    .from(wallets)
    .where(eq(wallets.id, walletId))
    .for('no key update')
  if (!wallet || wallet.heldCents === 0) return 0
  const released = await tx
    .update(ledgerEntries)
    .set({ held: false })
    .where(
      and(
        eq(ledgerEntries.walletId, walletId),
        eq(ledgerEntries.held, true),
        sql`${ledgerEntries.availableAt} <= now()`,
      ),
    )
    .returning({ amountCents: ledgerEntries.amountCents })
  const total = released.reduce((sum, entry) => sum + entry.amountCents, 0)
  if (total > 0) {
    await tx
      .update(wallets)
      .set({ heldCents: sql`${wallets.heldCents} - ${total}` })
      .where(eq(wallets.id, walletId))
  }
  return total
}

/** One wallet's share of a rejection. */
export interface RejectedShare {
  walletId: string
  userId: string
  amountCents: number
  entries: number
}

/**
 * Marks a deal's still-pending earnings rejected and takes them out of `held_cents`, wallet by
 * wallet; the caller posts the reversal entries. Earnings whose hold has ended are available money
 * and are not touched. The caller must hold the deal's row lock (no new earning for it meanwhile).
 */
export async function rejectPendingEntries(
  tx: Transaction,
  input: { dealId: string; reason: string },
): Promise<RejectedShare[]> {
  const owners = await tx
    .selectDistinct({ walletId: ledgerEntries.walletId })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.dealId, input.dealId), stillPending()))
  if (owners.length === 0) return []
  // Wallets before entries, in id order: the same lock order as a debit's release, so no deadlock.
  const locked = await tx
    .select({ id: wallets.id, userId: wallets.userId })
    .from(wallets)
    .where(
      inArray(
        wallets.id,
        owners.map((owner) => owner.walletId),
      ),
    )
    .orderBy(wallets.id)
    .for('no key update')
  const rejected = await tx
    .update(ledgerEntries)
    .set({ held: false, rejectedAt: sql`now()`, rejectionReason: input.reason })
    .where(and(eq(ledgerEntries.dealId, input.dealId), eq(ledgerEntries.kind, 'earning'), stillPending()))
    .returning({ walletId: ledgerEntries.walletId, amountCents: ledgerEntries.amountCents })
  const shares: RejectedShare[] = []
  for (const wallet of locked) {
    const mine = rejected.filter((entry) => entry.walletId === wallet.id)
    if (mine.length === 0) continue
    const amountCents = mine.reduce((sum, entry) => sum + entry.amountCents, 0)
    await tx
      .update(wallets)
      .set({ heldCents: sql`${wallets.heldCents} - ${amountCents}` })
      .where(eq(wallets.id, wallet.id))
    shares.push({ walletId: wallet.id, userId: wallet.userId, amountCents, entries: mine.length })
  }
  return shares
}
