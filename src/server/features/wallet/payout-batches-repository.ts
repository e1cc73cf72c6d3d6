/**
 * SEPA payout batches: pending payouts gathered into one credit-transfer file. A payout joins a batch
 * with one guarded UPDATE (`batch_id IS NULL`, still pending): two operators batching overlapping
 * payouts at once get one batch each payout, the other is refused whole (409) and nothing of it stays.
 */
import { randomBytes } from 'node:crypto'
import { and, desc, eq, inArray, isNull } from 'drizzle-orm'
import type { Database, Executor } from '#server/db/client.ts'
import { isUuid } from '#server/db/ids.ts'
import { bankAccounts, payoutBatches, payouts, users, wallets } from '#server/db/schema.ts'
import { conflict, notFound } from '#server/http/api-error.ts'
import { audit } from '#server/lib/audit.ts'
import type { PayoutBatch, PayoutBatchLine } from '#shared/contract/admin-review.ts'
import { maskIban } from '#shared/validation-rules.ts'

/** 50 batches: a few months of weekly runs on one screen; older ones stay in the audit log. */
const BATCHES_SHOWN = 50

/** The transfer's end-to-end reference: the payout id without dashes (32 of the 35 characters allowed). */
export const referenceOf = (payoutId: string) => payoutId.replace(/-/g, '')

/** "SD-20261126-3f9a1c0b": the day, and random hex so two batches of a day never share an id. */
const newMessageId = (now: Date) =>
  `SD-${now.toISOString().slice(0, 10).replace(/-/g, '')}-${randomBytes(4).toString('hex')}`

export interface BatchLineRow {
  payoutId: string
  username: string
  userId: string
  email: string
  locale: string
  holderName: string
  iban: string
  amountCents: number
  status: 'pending' | 'paid' | 'failed'
}

async function linesOf(db: Executor, batchIds: string[]): Promise<Map<string, BatchLineRow[]>> {
  const byBatch = new Map<string, BatchLineRow[]>()
  if (batchIds.length === 0) return byBatch
  const rows = await db
    .select({
      batchId: payouts.batchId,
      payoutId: payouts.id,
      username: users.username,
      userId: users.id,
      email: users.email,
      locale: users.locale,
      holderName: bankAccounts.holderName,
      iban: bankAccounts.iban,
      amountCents: payouts.amountCents,
      status: payouts.status,
    })
    .from(payouts)
    .innerJoin(wallets, eq(wallets.id, payouts.walletId))
    .innerJoin(users, eq(users.id, wallets.userId))
    .innerJoin(bankAccounts, eq(bankAccounts.id, payouts.bankAccountId))
    .where(inArray(payouts.batchId, batchIds))
    .orderBy(payouts.createdAt, payouts.id)
  for (const { batchId, ...line } of rows) {
    if (!batchId) continue
    byBatch.set(batchId, [...(byBatch.get(batchId) ?? []), line])
  }
  return byBatch
}

export const lineView = (line: BatchLineRow): PayoutBatchLine => ({
  payoutId: line.payoutId,
  username: line.username,
  holderName: line.holderName,
  ibanMasked: maskIban(line.iban),
  amount: line.amountCents,
  status: line.status,
  reference: referenceOf(line.payoutId),
})

type BatchRow = typeof payoutBatches.$inferSelect

async function batchesView(db: Executor, batches: BatchRow[]): Promise<PayoutBatch[]> {
  const lines = await linesOf(
    db,
    batches.map((batch) => batch.id),
  )
  const creators = new Map<string, string>()
  for (const batch of batches) {
    if (!batch.createdBy || creators.has(batch.createdBy)) continue
    const [user] = await db
      .select({ username: users.username })
      .from(users)
      .where(eq(users.id, batch.createdBy))
    if (user) creators.set(batch.createdBy, user.username)
  }
  return batches.map((batch) => ({
    id: batch.id,
    messageId: batch.messageId,
    createdAt: batch.createdAt.toISOString(),
    createdBy: batch.createdBy ? (creators.get(batch.createdBy) ?? null) : null,
    total: batch.totalCents,
    lines: (lines.get(batch.id) ?? []).map(lineView),
  }))
}

export async function listBatches(db: Executor): Promise<PayoutBatch[]> {
  const rows = await db
    .select()
    .from(payoutBatches)
    .orderBy(desc(payoutBatches.createdAt))
    .limit(BATCHES_SHOWN)
  return batchesView(db, rows)
}

/** One batch with its lines' full accounts (for the file); 404 when there is none. */
export async function findBatch(
  db: Executor,
  id: string,
): Promise<{ batch: BatchRow; lines: BatchLineRow[] }> {
  if (!isUuid(id)) throw notFound('No such batch')
  const [batch] = await db.select().from(payoutBatches).where(eq(payoutBatches.id, id))
  if (!batch) throw notFound('No such batch')
  return { batch, lines: (await linesOf(db, [id])).get(id) ?? [] }
}

/**
 * A new batch of these pending payouts, audited. All or nothing: if one of them is unknown, settled or
 * already in a batch, nothing is batched and the answer is 409.
 */
export async function createBatch(
  db: Database,
  input: { payoutIds: string[]; actorId: string | null },
): Promise<PayoutBatch> {
  const ids = [...new Set(input.payoutIds)]
  return db.transaction(async (tx) => {
    const now = new Date()
    const [batch] = await tx
      .insert(payoutBatches)
      // The total is known once the payouts are claimed; 1 cent keeps the check until then.
      .values({
        messageId: newMessageId(now),
        createdBy: input.actorId,
        totalCents: 1,
        createdAt: now,
      })
      .returning()
    if (!batch) throw new Error('the batch insert returned no row')
    const claimed = await tx
      .update(payouts)
      .set({ batchId: batch.id, updatedAt: now })
      .where(and(inArray(payouts.id, ids), isNull(payouts.batchId), eq(payouts.status, 'pending')))
      .returning({ id: payouts.id, amountCents: payouts.amountCents })
    if (claimed.length !== ids.length) {
      throw conflict('A payout is unknown, already settled or already in a batch', {
        errors: ['payout.already_batched'],
      })
    }
    const total = claimed.reduce((sum, row) => sum + row.amountCents, 0)
    const [saved] = await tx
      .update(payoutBatches)
      .set({ totalCents: total })
      .where(eq(payoutBatches.id, batch.id))
      .returning()
    await audit(tx, {
      actorId: input.actorId,
      action: 'payout.batch',
      target: `payout-batch:${batch.id}`,
      details: { messageId: batch.messageId, payouts: ids, totalCents: total },
    })
    const [view] = await batchesView(tx, saved ? [saved] : [])
    if (!view) throw new Error('the batch vanished inside its transaction')
    return view
  })
}
