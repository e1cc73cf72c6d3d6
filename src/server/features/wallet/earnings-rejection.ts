/**
 * An operator's verdict on a deal flagged for bought clicks: its pending earnings are rejected and
 * reversed in the ledger with the reason, before they could ever be paid out.
 */
import { and, eq, isNull, sql } from 'drizzle-orm'
import type { Database } from '#server/db/client.ts'
import { deals, ledgerEntries } from '#server/db/schema.ts'
import { conflict, notFound } from '#server/http/api-error.ts'
import { audit } from '#server/lib/audit.ts'
import { formError } from '#shared/contract/form-error-tree.ts'
import { rejectPendingEntries } from './earnings-hold'
import { postLedgerEntry } from './ledger-service'

export interface EarningsRejectionResult {
  dealCode: string
  rejectedCents: number
  entries: number
  /** The deal's earnings that were already available: not touched. */
  alreadyAvailableCents: number
  earnedCents: number
  /** Owners whose wallet changed, to push `wallet:updated` to once committed. */
  userIds: string[]
}

/**
 * In one transaction: locks the deal (so no earning of it is credited meanwhile), marks each of its
 * still-pending earnings rejected, posts one `earning_reversal` per wallet that lowers the balance
 * and its held part alike, lowers the deal's earned amount and writes the audit row. Refused for a
 * deal nobody flagged (only suspected fraud is reviewed this way) and when nothing is pending.
 */
export function rejectDealEarnings(
  db: Database,
  input: { dealCode: string; reason: string; actorId: string | null },
): Promise<EarningsRejectionResult> {
  return db.transaction(async (tx) => {
    const [deal] = await tx
      .select({ id: deals.id, code: deals.code, flaggedAt: deals.flaggedAt, flagReason: deals.flagReason })
      .from(deals)
      .where(eq(deals.code, input.dealCode))
      .for('no key update')
    if (!deal) throw notFound('This deal does not exist')
    if (!deal.flaggedAt) {
      throw conflict(
        'Only the earnings of a deal flagged for review can be rejected',
        formError('', 'deal.not_flagged'),
      )
    }
    const shares = await rejectPendingEntries(tx, { dealId: deal.id, reason: input.reason })
    if (shares.length === 0) {
      throw conflict('This deal has no pending earnings to reject', formError('', 'deal.no_pending_earnings'))
    }
    for (const share of shares) {
      await postLedgerEntry(tx, {
        walletId: share.walletId,
        kind: 'earning_reversal',
        amountCents: -share.amountCents,
        description: `Earnings rejected (${deal.code}): ${input.reason}`,
        dealId: deal.id,
      })
    }
    const rejectedCents = shares.reduce((sum, share) => sum + share.amountCents, 0)
    const entries = shares.reduce((sum, share) => sum + share.entries, 0)
    const [updated] = await tx
      .update(deals)
      .set({ earnedCents: sql`${deals.earnedCents} - ${rejectedCents}`, updatedAt: new Date() })
      .where(eq(deals.id, deal.id))
      .returning({ earnedCents: deals.earnedCents })
    const [untouched] = await tx
      .select({ cents: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)` })
      .from(ledgerEntries)
      .where(
        and(
          eq(ledgerEntries.dealId, deal.id),
          eq(ledgerEntries.kind, 'earning'),
          isNull(ledgerEntries.rejectedAt),
        ),
      )
    const alreadyAvailableCents = Number(untouched?.cents ?? 0)
    await audit(tx, {
      actorId: input.actorId,
      action: 'deal.earnings_rejection',
      target: `deal:${deal.code}`,
      details: {
        reason: input.reason,
        rejectedCents,
        entries,
        alreadyAvailableCents,
        flagReason: deal.flagReason,
      },
    })
    return {
      dealCode: deal.code,
      rejectedCents,
      entries,
      alreadyAvailableCents,
      earnedCents: updated?.earnedCents ?? 0,
      userIds: shares.map((share) => share.userId),
    }
  })
}
