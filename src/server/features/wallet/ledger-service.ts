/**
 * The wallet's public face for money (other features import only this file): the ledger entry that
 * moves a balance, the wallet row it lands in, and the refusal when the balance is too low. Deals
 * credit rewards through it (with a hold, EARNINGS_HOLD_HOURS); payouts and operators debit it.
 */
import { eq, sql } from 'drizzle-orm'
import type { Transaction } from '#server/db/client.ts'
import { ledgerEntries, wallets } from '#server/db/schema.ts'
import { ApiError } from '#server/http/api-error.ts'
import { lockWalletAndReleaseMatured } from './earnings-hold'

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
  /** `onHold`: the balance would cover it, but part of it is earnings still on hold. */
  constructor(onHold = false) {
    super(
      409,
      'CONFLICT',
      onHold
        ? 'The available balance is too low for this operation: part of the balance is still on hold'
        : 'The wallet balance is too low for this operation',
      {
        children: {
          amount: { errors: [onHold ? 'wallet.insufficient_available' : 'wallet.insufficient_balance'] },
        },
      },
    )
  }
}

export interface LedgerEntryInput {
  walletId: string
  kind: LedgerKind
  amountCents: number
  description: string
  dealId?: string | null
  payoutId?: string | null
  /**
   * Hours a credit stays pending before a payout may draw on it (click and goal earnings, so fraud
   * can be reviewed first). 0 or absent: available at once, as an admin's adjustment is.
   */
  holdHours?: number
}

/**
 * Appends one signed entry and moves the cached balance in the same transaction.
 * - A held credit adds its amount to the balance and to its held part in one statement.
 * - A debit first locks the wallet row and releases the earnings whose hold has ended, then takes
 *   the amount with a single guarded UPDATE (balance + amount - held >= 0): concurrent debits
 *   serialise on the row and re-check on its newest version, so none can draw on held money or
 *   take the balance below zero (the CHECK constraints back this up).
 */
export async function postLedgerEntry(
  tx: Transaction,
  entry: LedgerEntryInput,
): Promise<{ entryId: string; balanceCents: number }> {
  if (!Number.isSafeInteger(entry.amountCents) || entry.amountCents === 0) {
    throw new Error(`ledger amount must be a non-zero integer of cents, got ${entry.amountCents}`)
  }
  const holdHours = entry.amountCents > 0 ? (entry.holdHours ?? 0) : 0
  if (!Number.isInteger(holdHours) || holdHours < 0) {
    throw new Error(`hold must be a whole number of hours, got ${holdHours}`)
  }
  const debit = entry.amountCents < 0
  if (debit) await lockWalletAndReleaseMatured(tx, entry.walletId)
  const [wallet] = await tx
    .update(wallets)
    .set({
      balanceCents: sql`${wallets.balanceCents} + ${entry.amountCents}`,
      ledgerEntryCount: sql`${wallets.ledgerEntryCount} + 1`,
      ...(holdHours > 0 ? { heldCents: sql`${wallets.heldCents} + ${entry.amountCents}` } : {}),
      updatedAt: new Date(),
    })
    .where(
      debit
        ? sql`${wallets.id} = ${entry.walletId} and ${wallets.balanceCents} + ${entry.amountCents} - ${wallets.heldCents} >= 0`
        : eq(wallets.id, entry.walletId),
    )
    .returning({ balanceCents: wallets.balanceCents })
  if (!wallet) throw await insufficient(tx, entry.walletId, entry.amountCents)
  const [row] = await tx
    .insert(ledgerEntries)
    .values({
      walletId: entry.walletId,
      kind: entry.kind,
      amountCents: entry.amountCents,
      description: entry.description,
      dealId: entry.dealId ?? null,
      payoutId: entry.payoutId ?? null,
      ...(holdHours > 0
        ? { held: true, availableAt: sql`now() + make_interval(hours => ${holdHours}::int)` }
        : {}),
    })
    .returning({ id: ledgerEntries.id })
  if (!row) throw new Error('ledger insert returned no row')
  return { entryId: row.id, balanceCents: wallet.balanceCents }
}

/** Says whether a refused debit would have passed without the hold, so the user knows to wait. */
async function insufficient(tx: Transaction, walletId: string, amountCents: number) {
  const [row] = await tx
    .select({ balanceCents: wallets.balanceCents })
    .from(wallets)
    .where(eq(wallets.id, walletId))
  return new InsufficientBalanceError(row !== undefined && row.balanceCents + amountCents >= 0)
}
