import type { FastifyInstance } from 'fastify'
import { kycStatuses, payoutStatuses } from '#server/db/schema-types.ts'
import { fieldInvalid } from '#server/http/api-error.ts'
import { registerRoute } from '#server/http/register-endpoint.ts'
import {
  kycQueue,
  payoutQueue,
  postAdjustment,
  reviewKycDocument,
  settlePayout,
} from './admin-wallet-repository'
import { rejectDealEarnings } from './earnings-rejection'
import { payoutBatchRoutes } from './payout-batch-routes'
import { findOwner } from './wallet-repository'
import { emitWalletUpdated } from './wallet-service'

function statusFilter<T extends string>(values: readonly T[], status: string | undefined): T | undefined {
  if (status === undefined || status === '') return undefined
  if (!(values as readonly string[]).includes(status)) throw fieldInvalid('status', 'validation.choice')
  return status as T
}

const cents = (amount: number) => ({ amount, currency: 'EUR' as const })

/**
 * Operator side of the wallet: KYC review, payout settlement (manual provider), adjustments and the
 * rejection of a flagged deal's pending earnings, all audited. Each change is pushed to its owner.
 */
export async function adminWalletRoutes(app: FastifyInstance) {
  await payoutBatchRoutes(app)

  registerRoute(app, 'adminKyc', async ({ query }) => ({
    items: await kycQueue(app.db, statusFilter(kycStatuses, query.status)),
  }))

  registerRoute(app, 'adminKycReview', async ({ params, body, session }) => {
    const { review, userId } = await reviewKycDocument(app.db, {
      id: params.id,
      body,
      actorId: session?.user.id ?? null,
    })
    await emitWalletUpdated(app, userId)
    return review
  })

  registerRoute(app, 'adminPayouts', async ({ query }) => ({
    items: await payoutQueue(app.db, statusFilter(payoutStatuses, query.status)),
  }))

  registerRoute(app, 'adminPayoutUpdate', async ({ params, body, session }) => {
    const { payout, userId } = await settlePayout(app.db, {
      id: params.id,
      body,
      actorId: session?.user.id ?? null,
    })
    await emitWalletUpdated(app, userId)
    return {
      id: payout.id,
      status: payout.status,
      amount: payout.amountCents,
      updatedAt: payout.updatedAt.toISOString(),
    }
  })

  registerRoute(app, 'adminWalletAdjustment', async ({ params, body, session }) => {
    const owner = await findOwner(app.db, params.username)
    const { entry, balanceCents } = await postAdjustment(app.db, {
      owner,
      body,
      actorId: session?.user.id ?? null,
    })
    await emitWalletUpdated(app, owner.id)
    return { ...entry, balance: cents(balanceCents) }
  })

  registerRoute(app, 'adminDealEarningsRejection', async ({ params, body, session }) => {
    const result = await rejectDealEarnings(app.db, {
      dealCode: params.code,
      reason: body.reason.trim(),
      actorId: session?.user.id ?? null,
    })
    for (const userId of result.userIds) await emitWalletUpdated(app, userId)
    return {
      dealCode: result.dealCode,
      rejected: cents(result.rejectedCents),
      entries: result.entries,
      alreadyAvailable: cents(result.alreadyAvailableCents),
      earned: cents(result.earnedCents),
    }
  })
}
