import type { FastifyInstance } from 'fastify'
import { notFound } from '#server/http/api-error.ts'
import { requestLocale } from '#server/http/locale.ts'
import { registerIdempotentRoute, registerRoute } from '#server/http/register-endpoint.ts'
import { activityCsv } from './activity-csv'
import { adminWalletRoutes } from './admin-wallet-routes'
import { bankAccountRoutes } from './bank-account-routes'
import { kycRoutes } from './kyc-routes'
import { monthlyStatementPdf } from './monthly-statement'
import { idempotencyKeyOf, requestPayout } from './payouts'
import { listActivity } from './wallet-activity'
import { getTransaction, listPayouts, listUserTransactions } from './wallet-history'
import {
  createWalletDetails,
  findOwner,
  findWalletRow,
  onboardingOf,
  ownerIdOf,
  updateWalletDetails,
} from './wallet-repository'
import { loadWallet } from './wallet-serializer'
import { emitWalletUpdated, registerWalletPushes } from './wallet-service'
import { walletSummary } from './wallet-summary'

/**
 * The wallet API. A wallet "exists" once its user created it (person details
 * given): the row itself may exist earlier, because earnings can arrive first, but until then GET
 * answers 404 and the client shows earnings from the deals and invites the user to create it.
 */
export async function walletRoutes(app: FastifyInstance) {
  registerWalletPushes(app)
  // Kept per user until the database announces a change, or until its next pending part becomes
  // available (pending is computed against the clock).
  registerRoute(
    app,
    'walletGet',
    async ({ params, session }) => loadWallet(app.db, await ownerIdOf(app.db, params.username, session)),
    {
      cachedPerUser: {
        validUntil: (wallet) => (wallet.nextAvailableAt ? Date.parse(wallet.nextAvailableAt) : null),
      },
    },
  )

  // Business details queued offline: the page and the service worker may both send them, applied once.
  registerIdempotentRoute(app, 'walletCreate', async ({ params, body }) => {
    const owner = await findOwner(app.db, params.username)
    await createWalletDetails(app.db, owner.id, body)
    await emitWalletUpdated(app, owner.id)
    return loadWallet(app.db, owner.id)
  })

  registerIdempotentRoute(app, 'walletUpdate', async ({ params, body }) => {
    const owner = await findOwner(app.db, params.username)
    await updateWalletDetails(app.db, owner.id, body)
    await emitWalletUpdated(app, owner.id)
    return loadWallet(app.db, owner.id)
  })

  // Earnings may predate the wallet's creation: its history is readable as soon as it has any.
  // Both histories are kept per user until the database announces a change of their ledger (they show
  // entries as posted, nothing that changes with the clock).
  registerRoute(
    app,
    'walletTransactions',
    async ({ params, query, session }) =>
      listUserTransactions(app.db, await ownerIdOf(app.db, params.username, session), query),
    { cachedPerUser: {} },
  )

  // The grouped history and its export: the caller's own (the access check matched the name) or,
  // for an admin, the named user's; mission titles in the request's language.
  registerRoute(
    app,
    'walletActivity',
    async ({ params, query, session, request }) => {
      const userId = await ownerIdOf(app.db, params.username, session)
      return listActivity(
        app.db,
        { userId, kind: query.kind, tz: query.tz, locale: requestLocale(request) },
        query,
      )
    },
    { cachedPerUser: {} },
  )

  registerRoute(app, 'walletActivityExport', async ({ params, query, session, request, reply }) => {
    const userId = await ownerIdOf(app.db, params.username, session)
    const filter = { userId, kind: query.kind, tz: query.tz, locale: query.locale ?? requestLocale(request) }
    const name = `streamdeals-${params.username.toLowerCase()}-${query.kind ?? 'all'}.csv`
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${name}"`)
      .header('cache-control', 'private, no-store')
      .send(activityCsv(app.db, filter))
  })

  // A download the browser makes itself: never cached, the language of its words asked by the app.
  registerRoute(app, 'walletStatement', async ({ params, query, session, request, reply }) => {
    const userId = await ownerIdOf(app.db, params.username, session)
    const pdf = await monthlyStatementPdf(app.db, app.config.legalIdentity, {
      userId,
      username: params.username,
      month: query.month,
      tz: query.tz,
      locale: query.locale ?? requestLocale(request),
    })
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="streamdeals-statement-${query.month}.pdf"`)
      .header('cache-control', 'private, no-store')
      .send(Buffer.from(pdf))
  })

  // Kept per user (and time zone: the URL is the key) until the database announces a change of its
  // wallet, ledger or deals (a valid click moves its deal's progress), and never past the moment it
  // turns stale with the clock: the next held entry's release, or midnight in the asked time zone.
  registerRoute(
    app,
    'walletSummary',
    async ({ params, query, session }) =>
      walletSummary(
        app.db,
        await ownerIdOf(app.db, params.username, session),
        query.tz,
        app.config.minPayoutCents,
      ),
    {
      cachedPerUser: {
        validUntil: (summary) =>
          Math.min(
            Date.parse(summary.dayEndsAt),
            summary.nextAvailableAt ? Date.parse(summary.nextAvailableAt) : Number.POSITIVE_INFINITY,
          ),
      },
    },
  )

  registerRoute(app, 'walletTransaction', async ({ params }) => {
    const owner = await findOwner(app.db, params.username)
    const wallet = await findWalletRow(app.db, owner.id)
    if (!wallet) throw notFound('No such transaction')
    return getTransaction(app.db, wallet.id, params.transactionId)
  })

  registerRoute(app, 'walletPayouts', async ({ params, query }) => {
    const owner = await findOwner(app.db, params.username)
    const wallet = await findWalletRow(app.db, owner.id)
    // The payout rules travel with the payout list, so the payment page shows the same minimum as the server.
    const minimum = { amount: app.config.minPayoutCents, currency: 'EUR' as const }
    if (!wallet) return { items: [], minimum }
    return { ...(await listPayouts(app.db, wallet.id, query)), minimum }
  })

  // The row's 201 is the answer to a replay too: the first answer, as it was sent (like Stripe).
  registerRoute(app, 'walletPayout', async ({ params, body, request, reply }) => {
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
    return answer.body
  })

  registerRoute(app, 'walletOnboarding', async ({ params }) => {
    const owner = await findOwner(app.db, params.username)
    return onboardingOf(app.db, owner)
  })

  await app.register(bankAccountRoutes)
  await app.register(kycRoutes)
  await app.register(adminWalletRoutes)
}
