import { eq, sql } from 'drizzle-orm'
import type { Transaction } from '../../db/client'
import { ledgerEntries, wallets } from '../../db/schema'
import { ApiError } from '../../http/api-error'

export type LedgerKind = (typeof ledgerEntries.$inferSelect)['kind']

/**
 * The wallet row a user's money lives in, created on first need: earnings may arrive before the
 * streamer has filled in their wallet details (person is null until they do).
 */
export async function ensureWalletRow(tx: Transaction, userId: string): Promise<string> {
  await tx.insert(wallets).values({ userId }).onConflictDoNothing({ target: wallets.userId })
  const [row] = await tx.select({ id: wallets.id }).from(wallets).where(eq(wallets.userId, userId)).limit(1)
  if (!row) throw new Error(`wallet row for user ${userId} vanished inside its transaction`)
  return row.id
}

export class InsufficientBalanceError extends ApiError {
  constructor() {
    super(409, 'CONFLICT', 'The wallet balance is too low for this operation', {
      children: { amount: { errors: ['wallet.insufficient_balance'] } },
    })
  }
}

/**
 * Appends one signed entry and moves the cached balance in the same transaction. The balance row is
 * updated with a single guarded statement, so concurrent debits serialise on the row and none can
 * take the balance below zero (the CHECK constraint backs this up).
 */
export async function postLedgerEntry(
  tx: Transaction,
  entry: {
    walletId: string
    kind: LedgerKind
    amountCents: number
    description: string
    dealId?: string | null
    payoutId?: string | null
  },
): Promise<{ entryId: string; balanceCents: number }> {
  if (!Number.isSafeInteger(entry.amountCents) || entry.amountCents === 0) {
    throw new Error(`ledger amount must be a non-zero integer of cents, got ${entry.amountCents}`)
  }
  const [wallet] = await tx
    .update(wallets)
    .set({ balanceCents: sql`${wallets.balanceCents} + ${entry.amountCents}`, updatedAt: new Date() })
    .where(
      entry.amountCents < 0
        ? sql`${wallets.id} = ${entry.walletId} and ${wallets.balanceCents} + ${entry.amountCents} >= 0`
        : eq(wallets.id, entry.walletId),
    )
    .returning({ balanceCents: wallets.balanceCents })
  if (!wallet) throw new InsufficientBalanceError()
  const [row] = await tx
    .insert(ledgerEntries)
    .values({
      walletId: entry.walletId,
      kind: entry.kind,
      amountCents: entry.amountCents,
      description: entry.description,
      dealId: entry.dealId ?? null,
      payoutId: entry.payoutId ?? null,
    })
    .returning({ id: ledgerEntries.id })
  if (!row) throw new Error('ledger insert returned no row')
  return { entryId: row.id, balanceCents: wallet.balanceCents }
}
