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

class InsufficientBalanceError extends ApiError {
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

/** One deal's earnings in a settled batch of clicks. */
export interface EarningsCredit {
  userId: string
  dealId: string
  amountCents: number
  description: string
}

/**
 * Credits the earnings of a settled batch of clicks, one held entry per deal, in four statements
 * whatever the number of streamers: their wallets created on first need, locked in id order (two
 * batches crediting the same streamers wait for each other rather than deadlock), their balances
 * moved and the entries appended in the order given. Answers the users whose balance moved.
 */
export async function postEarnings(
  tx: Transaction,
  credits: EarningsCredit[],
  holdHours: number,
): Promise<string[]> {
  if (credits.length === 0) return []
  for (const credit of credits)
    if (!Number.isSafeInteger(credit.amountCents) || credit.amountCents <= 0)
      throw new Error(`earnings must be a positive integer of cents, got ${credit.amountCents}`)
  if (!Number.isInteger(holdHours) || holdHours < 0)
    throw new Error(`hold must be a whole number of hours, got ${holdHours}`)
  const userIds = [...new Set(credits.map((credit) => credit.userId))]
  await tx.execute(sql`
    insert into ${wallets} (user_id) select unnest(${sql.param(userIds)}::uuid[])
    on conflict (user_id) do nothing`)
  const { rows } = await tx.execute<{ id: string; user_id: string }>(sql`
    select id, user_id from ${wallets} where user_id = any(${sql.param(userIds)}::uuid[]) order by id for update`)
  const walletOf = new Map(rows.map((row) => [row.user_id, row.id]))
  const walletIds = credits.map((credit) => {
    const id = walletOf.get(credit.userId)
    if (!id) throw new Error(`wallet row for user ${credit.userId} vanished inside its transaction`)
    return id
  })
  const held = holdHours > 0
  await tx.execute(sql`
    update ${wallets} set
      balance_cents = ${wallets.balanceCents} + v.amount,
      held_cents = ${wallets.heldCents} + case when ${held} then v.amount else 0 end,
      ledger_entry_count = ${wallets.ledgerEntryCount} + v.entries,
      updated_at = now()
    from (
      select wallet_id, sum(amount)::bigint as amount, count(*)::int as entries
      from unnest(${sql.param(walletIds)}::uuid[], ${sql.param(credits.map((c) => c.amountCents))}::bigint[])
        as c(wallet_id, amount)
      group by wallet_id
    ) v
    where ${wallets.id} = v.wallet_id`)
  await tx.execute(sql`
    insert into ${ledgerEntries} (wallet_id, kind, amount_cents, description, deal_id, held, available_at)
    select v.wallet_id, 'earning', v.amount, v.description, v.deal_id, ${held},
      case when ${held} then now() + make_interval(hours => ${holdHours}::int) end
    from unnest(${sql.param(walletIds)}::uuid[], ${sql.param(credits.map((c) => c.amountCents))}::bigint[],
      ${sql.param(credits.map((c) => c.description))}::text[], ${sql.param(credits.map((c) => c.dealId))}::uuid[])
      with ordinality as v(wallet_id, amount, description, deal_id, position)
    order by v.position`)
  return userIds
}
