/** The operator side of the wallet's data: review queues, KYC verdicts, payout settlement, adjustments. */

import { and, desc, eq } from 'drizzle-orm'
import type { Database, Executor } from '#server/db/client.ts'
import { isUuid } from '#server/db/ids.ts'
import {
  bankAccounts,
  kycDocuments,
  ledgerEntries,
  type PayoutRow,
  payouts,
  users,
  wallets,
} from '#server/db/schema.ts'
import { queuePush } from '#server/features/push/push-service.ts'
import { conflict, notFound } from '#server/http/api-error.ts'
import { audit } from '#server/lib/audit.ts'
import type {
  AdjustmentBody,
  AdminKycItem,
  AdminPayoutItem,
  KycReview,
  KycReviewBody,
  PayoutUpdateBody,
} from '#shared/contract/admin.ts'
import { formError } from '#shared/contract/form-error-tree.ts'
import type { KycStatus, PayoutStatus, Transaction } from '#shared/contract/wallet.ts'
import { maskIban } from '#shared/validation-rules.ts'
import { ensureWalletRow, postLedgerEntry } from './ledger-service'
import { transactionView } from './wallet-history'
import { refreshCertification, type WalletOwner } from './wallet-repository'

/** 200: a queue longer than this is worked through from the top; older items stay for the next page. */
const QUEUE_LIMIT = 200

async function userIdOfWallet(db: Executor, walletId: string): Promise<string> {
  const [row] = await db.select({ userId: wallets.userId }).from(wallets).where(eq(wallets.id, walletId))
  if (!row) throw notFound('No such wallet')
  return row.userId
}

/** Certification documents with their owner, oldest first: a review queue is worked in arrival order. */
export async function kycQueue(db: Executor, status: KycStatus | undefined): Promise<AdminKycItem[]> {
  const rows = await db
    .select({
      document: kycDocuments,
      username: users.username,
      walletKind: wallets.kind,
      person: wallets.person,
    })
    .from(kycDocuments)
    .innerJoin(wallets, eq(wallets.id, kycDocuments.walletId))
    .innerJoin(users, eq(users.id, wallets.userId))
    .where(status ? eq(kycDocuments.status, status) : undefined)
    .orderBy(kycDocuments.createdAt)
    .limit(QUEUE_LIMIT)
  return rows.map(({ document, username, walletKind, person }) => ({
    id: document.id,
    username,
    kind: document.kind,
    status: document.status,
    reason: document.reason,
    mimeType: document.mimeType,
    createdAt: document.createdAt.toISOString(),
    walletKind,
    holderName: person ? `${person.firstName} ${person.lastName}` : null,
  }))
}

/**
 * An operator's verdict on a pending document, audited, with the wallet's certification re-derived
 * in the same transaction. 409 when it was already reviewed. Returns the verdict and whose wallet it is.
 */
export async function reviewKycDocument(
  db: Database,
  input: { id: string; body: KycReviewBody; actorId: string | null },
): Promise<{ review: KycReview; userId: string }> {
  if (!isUuid(input.id)) throw notFound('No such document')
  const { body, actorId } = input
  return db.transaction(async (tx) => {
    const [document] = await tx
      .update(kycDocuments)
      .set({
        status: body.status,
        reason: body.status === 'rejected' ? (body.reason ?? '').trim() : null,
        reviewedBy: actorId,
        reviewedAt: new Date(),
      })
      .where(and(eq(kycDocuments.id, input.id), eq(kycDocuments.status, 'pending')))
      .returning()
    if (!document) {
      const [exists] = await tx
        .select({ id: kycDocuments.id })
        .from(kycDocuments)
        .where(eq(kycDocuments.id, input.id))
      if (!exists) throw notFound('No such document')
      throw conflict('This document has already been reviewed', formError('', 'kyc.already_reviewed'))
    }
    const certification = await refreshCertification(tx, document.walletId)
    await audit(tx, {
      actorId,
      action: 'kyc.review',
      target: `kyc:${document.id}`,
      details: { status: body.status, reason: document.reason, kind: document.kind },
    })
    const userId = await userIdOfWallet(tx, document.walletId)
    // Only a verdict that decides the certification notifies (an extra proof of address does not).
    if (certification === 'verified' && body.status === 'verified') {
      await queuePush(tx, userId, { kind: 'certification_verified' })
    } else if (certification === 'rejected') {
      await queuePush(tx, userId, { kind: 'certification_rejected' })
    }
    return {
      review: { id: document.id, status: document.status, reason: document.reason },
      userId,
    }
  })
}

/** Payouts with the account to pay: pending ones oldest first (the work queue), others newest first. */
export async function payoutQueue(
  db: Executor,
  status: PayoutStatus | undefined,
): Promise<AdminPayoutItem[]> {
  const rows = await db
    .select({ payout: payouts, username: users.username, account: bankAccounts })
    .from(payouts)
    .innerJoin(wallets, eq(wallets.id, payouts.walletId))
    .innerJoin(users, eq(users.id, wallets.userId))
    .innerJoin(bankAccounts, eq(bankAccounts.id, payouts.bankAccountId))
    .where(status ? eq(payouts.status, status) : undefined)
    .orderBy(status === 'pending' ? payouts.createdAt : desc(payouts.createdAt))
    .limit(QUEUE_LIMIT)
  return rows.map(({ payout, username, account }) => ({
    id: payout.id,
    username,
    amount: payout.amountCents,
    status: payout.status,
    createdAt: payout.createdAt.toISOString(),
    updatedAt: payout.updatedAt.toISOString(),
    holderName: account.holderName,
    ibanMasked: maskIban(account.iban),
    batchId: payout.batchId ?? null,
  }))
}

/**
 * Marks a pending payout paid or failed, audited; a failed one's amount goes back to the balance.
 * Only a pending payout moves, once: a double click or two operators cannot reverse it twice (409).
 */
export async function settlePayout(
  db: Database,
  input: { id: string; body: PayoutUpdateBody; actorId: string | null; batchId?: string },
): Promise<{ payout: PayoutRow; userId: string }> {
  if (!isUuid(input.id)) throw notFound('No such payout')
  const inBatch = input.batchId === undefined ? undefined : eq(payouts.batchId, input.batchId)
  const { body, actorId } = input
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(payouts)
      .set({ status: body.status, updatedAt: new Date() })
      .where(and(eq(payouts.id, input.id), eq(payouts.status, 'pending'), inBatch))
      .returning()
    if (!row) {
      const [exists] = await tx
        .select({ id: payouts.id })
        .from(payouts)
        .where(and(eq(payouts.id, input.id), inBatch))
      if (!exists) throw notFound('No such payout')
      throw conflict('This payout is already settled', formError('', 'payout.already_settled'))
    }
    if (body.status === 'failed') {
      await postLedgerEntry(tx, {
        walletId: row.walletId,
        kind: 'payout_reversal',
        amountCents: row.amountCents,
        description: body.reason ? `Payout failed: ${body.reason}` : 'Payout failed',
        payoutId: row.id,
      })
    }
    await audit(tx, {
      actorId,
      action: 'payout.update',
      target: `payout:${row.id}`,
      details: { status: body.status, amountCents: row.amountCents, reason: body.reason ?? null },
    })
    const userId = await userIdOfWallet(tx, row.walletId)
    await queuePush(tx, userId, {
      kind: body.status === 'paid' ? 'payout_paid' : 'payout_failed',
      amountCents: row.amountCents,
    })
    return { payout: row, userId }
  })
}

/** Posts an operator's signed correction (available at once), audited; returns the entry and the balance. */
export function postAdjustment(
  db: Database,
  input: { owner: WalletOwner; body: AdjustmentBody; actorId: string | null },
): Promise<{ entry: Transaction; balanceCents: number }> {
  const { owner, body, actorId } = input
  const reason = body.reason.trim()
  return db.transaction(async (tx) => {
    const walletId = await ensureWalletRow(tx, owner.id)
    const posted = await postLedgerEntry(tx, {
      walletId,
      kind: 'adjustment',
      amountCents: body.amount,
      description: reason,
    })
    await audit(tx, {
      actorId,
      action: 'wallet.adjustment',
      target: `user:${owner.username}`,
      details: { amountCents: body.amount, reason, entryId: posted.entryId },
    })
    const [row] = await tx.select().from(ledgerEntries).where(eq(ledgerEntries.id, posted.entryId))
    if (!row) throw new Error('the adjustment entry vanished inside its transaction')
    return { entry: transactionView(row, null), balanceCents: posted.balanceCents }
  })
}
