import { createHash, randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import type { Database } from '#server/db/client.ts'
import { bankAccounts, payouts } from '#server/db/schema.ts'
import { ApiError, conflict, formInvalid } from '#server/http/api-error.ts'
import { validIdempotencyKey } from '#server/http/idempotency.ts'
import { formError } from '#shared/contract/form-error-tree.ts'
import type { Payout, PayoutBody } from '#shared/contract/wallet.ts'
import { postLedgerEntry } from './ledger-service'
import { payoutView } from './wallet-history'
import { activeBankAccounts, requireCreatedWallet } from './wallet-repository'

/** A payout's key is required (the generic one, http/idempotency.ts, is optional on other actions). */
export function idempotencyKeyOf(header: string | string[] | undefined): string {
  const key = validIdempotencyKey(header)
  if (!key) {
    throw new ApiError(
      400,
      'FORM_0001',
      'An Idempotency-Key header (1 to 200 visible characters) is required to request a payout',
      formError('', 'payout.idempotency_key_required'),
    )
  }
  return key
}

/** The body as it was meant, in a canonical form: an omitted bank account means the default one. */
const requestHash = (body: PayoutBody) =>
  createHash('sha256')
    .update(JSON.stringify({ amount: body.amount, bankAccountId: body.bankAccountId ?? null }))
    .digest('hex')

const keyReused = () =>
  new ApiError(422, 'UNPROCESSABLE', 'This Idempotency-Key was already used for a different payout request')

/** The payout answered (201, the endpoint row's status), and whether it replays an earlier request. */
export interface PayoutAnswer {
  body: Payout
  replayed: boolean
}

async function storedAnswer(
  db: Database,
  walletId: string,
  key: string,
  hash: string,
): Promise<PayoutAnswer | null> {
  const [row] = await db
    .select()
    .from(payouts)
    .where(and(eq(payouts.walletId, walletId), eq(payouts.idempotencyKey, key)))
    .limit(1)
  if (!row) return null
  if (row.requestHash !== hash) throw keyReused()
  // The first answer, as it was sent, even if the payout has been paid or failed since (like Stripe).
  const first = row.response as Payout | null
  return { body: first ? samePayoutOrder(first) : payoutView(row), replayed: true }
}

/** jsonb stores keys in its own order; a replay must be byte-for-byte the first answer. */
const samePayoutOrder = (payout: Payout): Payout => ({
  id: payout.id,
  amount: { amount: payout.amount.amount, currency: payout.amount.currency },
  status: payout.status,
  bankAccountId: payout.bankAccountId,
  createdAt: payout.createdAt,
  updatedAt: payout.updatedAt,
})

class KeyTakenMeanwhile extends Error {}

/**
 * Requests a payout: replays the answer of an earlier request with the same key, else checks the
 * rules and writes the payout row and its ledger debit in one transaction. The balance can never go
 * below zero (guarded UPDATE plus CHECK), and the unique (wallet, key) constraint makes a key pay once
 * even when its retries race each other. Only accepted payouts are remembered: a refused request
 * (too small, not certified, balance too low) changes nothing, so retrying its key re-evaluates it.
 */
export async function requestPayout(
  db: Database,
  input: { userId: string; key: string; body: PayoutBody; minPayoutCents: number },
): Promise<PayoutAnswer> {
  const wallet = await requireCreatedWallet(db, input.userId)
  const hash = requestHash(input.body)
  const earlier = await storedAnswer(db, wallet.id, input.key, hash)
  if (earlier) return earlier

  const { amount } = input.body
  if (amount < input.minPayoutCents) {
    throw formInvalid(formError('amount', 'payout.minimum'), 'The amount is below the payout minimum')
  }
  if (wallet.certificationStatus !== 'verified') {
    throw conflict(
      'Your certification must be verified before a payout',
      formError('', 'payout.not_certified'),
    )
  }
  try {
    const created = await db.transaction(async (tx) => {
      const [account] = await tx
        .select({ id: bankAccounts.id })
        .from(bankAccounts)
        .where(
          activeBankAccounts(
            wallet.id,
            input.body.bankAccountId
              ? eq(bankAccounts.id, input.body.bankAccountId)
              : eq(bankAccounts.isDefault, true),
          ),
        )
        .limit(1)
      if (!account) {
        throw conflict(
          'An active default bank account is needed for a payout',
          formError(input.body.bankAccountId ? 'bankAccountId' : '', 'payout.no_bank_account'),
        )
      }
      const now = new Date()
      const id = randomUUID()
      const answer: Payout = {
        id,
        amount: { amount, currency: 'EUR' },
        status: 'pending',
        bankAccountId: account.id,
        createdAt: now.toISOString(),
        updatedAt: now.toISOString(),
      }
      const [inserted] = await tx
        .insert(payouts)
        .values({
          id,
          walletId: wallet.id,
          amountCents: amount,
          bankAccountId: account.id,
          idempotencyKey: input.key,
          requestHash: hash,
          response: answer,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing({ target: [payouts.walletId, payouts.idempotencyKey] })
        .returning({ id: payouts.id })
      // A concurrent request with the same key committed first: its answer is the answer.
      if (!inserted) throw new KeyTakenMeanwhile()
      await postLedgerEntry(tx, {
        walletId: wallet.id,
        kind: 'payout',
        amountCents: -amount,
        description: 'Payout to bank account',
        payoutId: id,
      })
      return answer
    })
    return { body: created, replayed: false }
  } catch (error) {
    if (!(error instanceof KeyTakenMeanwhile) && !isUniqueViolation(error)) throw error
    const stored = await storedAnswer(db, wallet.id, input.key, hash)
    if (stored) return stored
    throw error
  }
}

/** PostgreSQL's unique_violation, however deep the driver wrapped it. */
function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error
  for (let depth = 0; depth < 3 && current; depth += 1) {
    if (typeof current === 'object' && (current as { code?: unknown }).code === '23505') return true
    current = (current as { cause?: unknown }).cause
  }
  return false
}
