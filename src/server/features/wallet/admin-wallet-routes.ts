import { and, desc, eq, type SQL } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { Executor } from '#server/db/client.ts'
import { bankAccounts, kycDocuments, ledgerEntries, payouts, users, wallets } from '#server/db/schema.ts'
import { kycStatuses, payoutStatuses } from '#server/db/schema-types.ts'
import { conflict, fieldInvalid, notFound } from '#server/http/api-error.ts'
import { registerEndpoint } from '#server/http/register-endpoint.ts'
import { audit } from '#server/lib/audit.ts'
import {
  AdjustmentBody,
  AdminStatusQuery,
  type EarningsRejection,
  EarningsRejectionBody,
  KycReviewBody,
  PayoutUpdateBody,
} from '#shared/contract/admin.ts'
import { formError } from '#shared/contract/errors.ts'
import { maskIban } from '#shared/validation-rules.ts'
import { rejectDealEarnings } from './earnings-rejection'
import { ensureWalletRow, postLedgerEntry } from './ledger-service'
import { findOwner, isUuid, refreshCertification } from './wallet-repository'
import { emitWalletUpdated } from './wallet-service'

/** 200: a queue longer than this is worked through from the top; older items stay for the next page. */
const QUEUE_LIMIT = 200

function statusFilter<T extends string>(values: readonly T[], status: string | undefined): T | undefined {
  if (status === undefined || status === '') return undefined
  if (!(values as readonly string[]).includes(status)) throw fieldInvalid('status', 'validation.choice')
  return status as T
}

async function userIdOfWallet(db: Executor, walletId: string): Promise<string> {
  const [row] = await db.select({ userId: wallets.userId }).from(wallets).where(eq(wallets.id, walletId))
  if (!row) throw notFound('No such wallet')
  return row.userId
}

/**
 * Operator side of the wallet: KYC review, payout settlement (manual provider), adjustments and the
 * rejection of a flagged deal's pending earnings, all audited.
 */
export async function adminWalletRoutes(app: FastifyInstance) {
  registerEndpoint(app, 'adminKyc', { query: AdminStatusQuery }, async ({ query }) => {
    const status = statusFilter(kycStatuses, query.status)
    const where: SQL | undefined = status ? eq(kycDocuments.status, status) : undefined
    const rows = await app.db
      .select({
        document: kycDocuments,
        username: users.username,
        walletKind: wallets.kind,
        person: wallets.person,
      })
      .from(kycDocuments)
      .innerJoin(wallets, eq(wallets.id, kycDocuments.walletId))
      .innerJoin(users, eq(users.id, wallets.userId))
      .where(where)
      // Oldest first: a review queue is worked in arrival order.
      .orderBy(kycDocuments.createdAt)
      .limit(QUEUE_LIMIT)
    return {
      items: rows.map(({ document, username, walletKind, person }) => ({
        id: document.id,
        username,
        kind: document.kind,
        status: document.status,
        reason: document.reason,
        mimeType: document.mimeType,
        createdAt: document.createdAt.toISOString(),
        walletKind,
        holderName: person ? `${person.firstName} ${person.lastName}` : null,
      })),
    }
  })

  registerEndpoint(app, 'adminKycReview', { body: KycReviewBody }, async ({ params, body, session }) => {
    if (!isUuid(params.id)) throw notFound('No such document')
    const userId = await app.db.transaction(async (tx) => {
      const [document] = await tx
        .update(kycDocuments)
        .set({
          status: body.status,
          reason: body.status === 'rejected' ? (body.reason ?? '').trim() : null,
          reviewedBy: session?.user.id ?? null,
          reviewedAt: new Date(),
        })
        .where(and(eq(kycDocuments.id, params.id), eq(kycDocuments.status, 'pending')))
        .returning()
      if (!document) {
        const [exists] = await tx
          .select({ id: kycDocuments.id })
          .from(kycDocuments)
          .where(eq(kycDocuments.id, params.id))
        if (!exists) throw notFound('No such document')
        throw conflict('This document has already been reviewed', formError('', 'kyc.already_reviewed'))
      }
      await refreshCertification(tx, document.walletId)
      await audit(tx, {
        actorId: session?.user.id ?? null,
        action: 'kyc.review',
        target: `kyc:${document.id}`,
        details: { status: body.status, reason: document.reason, kind: document.kind },
      })
      return userIdOfWallet(tx, document.walletId)
    })
    await emitWalletUpdated(app, userId)
    const [row] = await app.db.select().from(kycDocuments).where(eq(kycDocuments.id, params.id))
    return { id: params.id, status: row?.status, reason: row?.reason ?? null }
  })

  registerEndpoint(app, 'adminPayouts', { query: AdminStatusQuery }, async ({ query }) => {
    const status = statusFilter(payoutStatuses, query.status)
    const rows = await app.db
      .select({ payout: payouts, username: users.username, account: bankAccounts })
      .from(payouts)
      .innerJoin(wallets, eq(wallets.id, payouts.walletId))
      .innerJoin(users, eq(users.id, wallets.userId))
      .innerJoin(bankAccounts, eq(bankAccounts.id, payouts.bankAccountId))
      .where(status ? eq(payouts.status, status) : undefined)
      .orderBy(status === 'pending' ? payouts.createdAt : desc(payouts.createdAt))
      .limit(QUEUE_LIMIT)
    return {
      items: rows.map(({ payout, username, account }) => ({
        id: payout.id,
        username,
        amount: payout.amountCents,
        status: payout.status,
        createdAt: payout.createdAt.toISOString(),
        updatedAt: payout.updatedAt.toISOString(),
        holderName: account.holderName,
        ibanMasked: maskIban(account.iban),
      })),
    }
  })

  registerEndpoint(
    app,
    'adminPayoutUpdate',
    { body: PayoutUpdateBody },
    async ({ params, body, session }) => {
      if (!isUuid(params.id)) throw notFound('No such payout')
      const { payout, userId } = await app.db.transaction(async (tx) => {
        // Only a pending payout moves, once: a double click or two operators cannot reverse it twice.
        const [row] = await tx
          .update(payouts)
          .set({ status: body.status, updatedAt: new Date() })
          .where(and(eq(payouts.id, params.id), eq(payouts.status, 'pending')))
          .returning()
        if (!row) {
          const [exists] = await tx.select({ id: payouts.id }).from(payouts).where(eq(payouts.id, params.id))
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
          actorId: session?.user.id ?? null,
          action: 'payout.update',
          target: `payout:${row.id}`,
          details: { status: body.status, amountCents: row.amountCents, reason: body.reason ?? null },
        })
        return { payout: row, userId: await userIdOfWallet(tx, row.walletId) }
      })
      await emitWalletUpdated(app, userId)
      return {
        id: payout.id,
        status: payout.status,
        amount: payout.amountCents,
        updatedAt: payout.updatedAt.toISOString(),
      }
    },
  )

  registerEndpoint(
    app,
    'adminWalletAdjustment',
    { body: AdjustmentBody },
    async ({ params, body, session, reply }) => {
      const owner = await findOwner(app.db, params.username)
      const entry = await app.db.transaction(async (tx) => {
        const walletId = await ensureWalletRow(tx, owner.id)
        const posted = await postLedgerEntry(tx, {
          walletId,
          kind: 'adjustment',
          amountCents: body.amount,
          description: body.reason.trim(),
        })
        await audit(tx, {
          actorId: session?.user.id ?? null,
          action: 'wallet.adjustment',
          target: `user:${owner.username}`,
          details: { amountCents: body.amount, reason: body.reason.trim(), entryId: posted.entryId },
        })
        const [row] = await tx.select().from(ledgerEntries).where(eq(ledgerEntries.id, posted.entryId))
        return { row, balanceCents: posted.balanceCents }
      })
      await emitWalletUpdated(app, owner.id)
      reply.code(201)
      return {
        id: entry.row?.id,
        kind: 'adjustment',
        amount: { amount: body.amount, currency: 'EUR' },
        description: entry.row?.description ?? body.reason,
        dealCode: null,
        payoutId: null,
        createdAt: entry.row?.createdAt.toISOString(),
        balance: { amount: entry.balanceCents, currency: 'EUR' },
      }
    },
  )

  registerEndpoint(
    app,
    'adminDealEarningsRejection',
    { body: EarningsRejectionBody },
    async ({ params, body, session }) => {
      const result = await rejectDealEarnings(app.db, {
        dealCode: params.code,
        reason: body.reason.trim(),
        actorId: session?.user.id ?? null,
      })
      for (const userId of result.userIds) await emitWalletUpdated(app, userId)
      return {
        dealCode: result.dealCode,
        rejected: { amount: result.rejectedCents, currency: 'EUR' },
        entries: result.entries,
        alreadyAvailable: { amount: result.alreadyAvailableCents, currency: 'EUR' },
        earned: { amount: result.earnedCents, currency: 'EUR' },
      } satisfies EarningsRejection
    },
  )
}
