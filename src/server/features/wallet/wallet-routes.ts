import { and, eq, isNotNull, isNull } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { bankAccounts, wallets } from '#server/db/schema.ts'
import type { StoredBusiness, StoredPerson } from '#server/db/schema-types.ts'
import { conflict, notFound } from '#server/http/api-error.ts'
import { registerEndpoint } from '#server/http/register-endpoint.ts'
import { PageQuery } from '#shared/contract/common.ts'
import { formError } from '#shared/contract/errors.ts'
import { type Onboarding, PayoutBody, WalletBody } from '#shared/contract/wallet.ts'
import { adminWalletRoutes } from './admin-wallet-routes'
import { bankAccountRoutes } from './bank-account-routes'
import { kycRoutes } from './kyc-routes'
import { ensureWalletRow } from './ledger-service'
import { idempotencyKeyOf, requestPayout } from './payouts'
import { getTransaction, listPayouts, listTransactions } from './wallet-history'
import { activeBankAccounts, findOwner, findWalletRow, refreshCertification } from './wallet-repository'
import { buildWallet } from './wallet-serializer'
import { emitWalletUpdated } from './wallet-service'

/** JSON columns keep only what the contract knows, without `undefined` holes. */
function stored(body: WalletBody): { person: StoredPerson; business: StoredBusiness | null } {
  return {
    person: JSON.parse(JSON.stringify(body.person)) as StoredPerson,
    business:
      body.kind === 'business' && body.business
        ? (JSON.parse(JSON.stringify(body.business)) as StoredBusiness)
        : null,
  }
}

/**
 * The wallet API (SPEC §7, DESIGN §3). A wallet "exists" once its user created it (person details
 * given): the row itself may exist earlier, because earnings can arrive first, but until then GET
 * answers 404 and the client shows earnings from the deals and invites the user to create it.
 */
export async function walletRoutes(app: FastifyInstance) {
  registerEndpoint(app, 'walletGet', {}, async ({ params }) => {
    const owner = await findOwner(app.db, params.username)
    const wallet = await buildWallet(app.db, owner.id)
    if (!wallet) throw notFound('This user has no wallet yet')
    return wallet
  })

  registerEndpoint(app, 'walletCreate', { body: WalletBody }, async ({ params, body, reply }) => {
    const owner = await findOwner(app.db, params.username)
    await app.db.transaction(async (tx) => {
      const walletId = await ensureWalletRow(tx, owner.id)
      const [created] = await tx
        .update(wallets)
        .set({ kind: body.kind, ...stored(body) })
        .where(and(eq(wallets.id, walletId), isNull(wallets.person)))
        .returning({ id: wallets.id })
      if (!created) throw conflict('This user already has a wallet', formError('', 'wallet.exists'))
      await refreshCertification(tx, walletId)
    })
    await emitWalletUpdated(app, owner.id)
    reply.code(201)
    return buildWallet(app.db, owner.id)
  })

  registerEndpoint(app, 'walletUpdate', { body: WalletBody }, async ({ params, body }) => {
    const owner = await findOwner(app.db, params.username)
    await app.db.transaction(async (tx) => {
      const [updated] = await tx
        .update(wallets)
        .set({ kind: body.kind, ...stored(body), updatedAt: new Date() })
        .where(and(eq(wallets.userId, owner.id), isNotNull(wallets.person)))
        .returning({ id: wallets.id })
      if (!updated) throw notFound('This user has no wallet yet')
      // A person becoming a business needs its company registration verified, and back.
      await refreshCertification(tx, updated.id)
    })
    await emitWalletUpdated(app, owner.id)
    return buildWallet(app.db, owner.id)
  })

  registerEndpoint(app, 'walletTransactions', { query: PageQuery }, async ({ params, query }) => {
    const owner = await findOwner(app.db, params.username)
    const wallet = await findWalletRow(app.db, owner.id)
    // Earnings may predate the wallet's creation: its history is readable as soon as it has any.
    if (!wallet) return { items: [], total: 0 }
    return listTransactions(app.db, wallet.id, query)
  })

  registerEndpoint(app, 'walletTransaction', {}, async ({ params }) => {
    const owner = await findOwner(app.db, params.username)
    const wallet = await findWalletRow(app.db, owner.id)
    if (!wallet) throw notFound('No such transaction')
    return getTransaction(app.db, wallet.id, params.transactionId)
  })

  registerEndpoint(app, 'walletPayouts', { query: PageQuery }, async ({ params, query }) => {
    const owner = await findOwner(app.db, params.username)
    const wallet = await findWalletRow(app.db, owner.id)
    // The payout rules travel with the payout list, so the payment page shows the same minimum as the server.
    const minimum = { amount: app.config.minPayoutCents, currency: 'EUR' }
    if (!wallet) return { items: [], minimum }
    return { ...(await listPayouts(app.db, wallet.id, query)), minimum }
  })

  registerEndpoint(app, 'walletPayout', { body: PayoutBody }, async ({ params, body, request, reply }) => {
    const key = idempotencyKeyOf(request.headers['idempotency-key'])
    const owner = await findOwner(app.db, params.username)
    const answer = await requestPayout(app.db, {
      userId: owner.id,
      key,
      body,
      minPayoutCents: app.config.minPayoutCents,
    })
    if (answer.replayed) reply.header('idempotent-replayed', 'true')
    else await emitWalletUpdated(app, owner.id)
    reply.code(answer.status)
    return answer.body
  })

  registerEndpoint(app, 'walletOnboarding', {}, async ({ params }): Promise<Onboarding> => {
    const owner = await findOwner(app.db, params.username)
    const wallet = await findWalletRow(app.db, owner.id)
    const [account] = wallet
      ? await app.db
          .select({ id: bankAccounts.id })
          .from(bankAccounts)
          .where(activeBankAccounts(wallet.id))
          .limit(1)
      : []
    return {
      // The profile is complete once the e-mail address is proven: it is where payout notices go.
      profileComplete: owner.emailVerifiedAt !== null,
      walletCreated: Boolean(wallet?.person),
      bankAccountAdded: account !== undefined,
      certificationVerified: wallet?.certificationStatus === 'verified',
    }
  })

  await app.register(bankAccountRoutes)
  await app.register(kycRoutes)
  await app.register(adminWalletRoutes)
}
