/**
 * A mission's results for its brand (issue 16): the figures, the streamers table as CSV, and a
 * request that an admin review one of its deals (recorded with its audit entry; admins see it in
 * their deals list).
 */
import { and, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { dealReviewRequests, deals } from '#server/db/schema.ts'
import { forbidden, notFound } from '#server/http/api-error.ts'
import { requestLocale } from '#server/http/locale.ts'
import { registerRoute } from '#server/http/register-endpoint.ts'
import { audit } from '#server/lib/audit.ts'
import { CSV_BOM, csvAmount, csvLines, csvText } from '#server/lib/csv.ts'
import { brandLimits, perUserAndBrand } from './brand-limits'
import { findBrandMission } from './brand-missions-repository'
import { providerOf } from './brand-provider-routes'
import { missionResults, missionStreamers } from './brand-results'

const CSV_HEADER = [
  'deal',
  'streamer',
  'state',
  'valid_clicks',
  'invalid_clicks',
  'earned',
  'currency',
  'flagged',
  'review_requested',
]

export async function brandResultsRoutes(app: FastifyInstance) {
  registerRoute(app, 'brandMissionResults', async ({ provider, params, request }) => {
    const mission = await findBrandMission(app.db, providerOf(provider).providerId, params.code)
    return missionResults(app.db, mission, requestLocale(request))
  })

  registerRoute(app, 'brandMissionResultsExport', async ({ provider, params, reply }) => {
    const mission = await findBrandMission(app.db, providerOf(provider).providerId, params.code)
    const rows = (await missionStreamers(app.db, mission.id)).map((row) => [
      csvText(row.dealCode),
      csvText(row.username),
      row.state,
      String(row.validClicks),
      String(row.invalidClicks),
      csvAmount(row.earnedCents),
      'EUR',
      String(row.flagged),
      String(row.reviewRequested),
    ])
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="streamdeals-${mission.code}-streamers.csv"`)
      .header('cache-control', 'private, no-store')
      .send(`${CSV_BOM}${csvLines([CSV_HEADER, ...rows])}`)
  })

  registerRoute(app, 'brandDealReview', async ({ provider: access, params, body, session }) => {
    const provider = providerOf(access)
    if (!session) throw forbidden()
    const mission = await findBrandMission(app.db, provider.providerId, params.code)
    // Every request lands in the admins' queue: counted per account and per brand.
    await app.rateLimiter.reserveAll(
      perUserAndBrand(
        { user: brandLimits.reviewUser, brand: brandLimits.reviewBrand },
        { userId: session.user.id, providerId: provider.providerId },
      ),
    )
    return app.db.transaction(async (tx) => {
      const [deal] = await tx
        .select({ id: deals.id, code: deals.code })
        .from(deals)
        .where(and(eq(deals.code, params.dealCode), eq(deals.missionId, mission.id)))
      // Another mission's deal is as unknown as a missing one.
      if (!deal) throw notFound('This deal does not exist')
      const [request] = await tx
        .insert(dealReviewRequests)
        .values({
          dealId: deal.id,
          providerId: provider.providerId,
          requestedBy: session.user.id,
          message: body.message,
        })
        .returning()
      if (!request) throw new Error('review request insert returned no row')
      await audit(tx, {
        actorId: session.user.id,
        action: 'deal.review_request',
        target: `deal:${deal.code}`,
        details: { provider: provider.slug, mission: mission.code },
      })
      return {
        id: request.id,
        dealCode: deal.code,
        message: request.message,
        createdAt: request.createdAt.toISOString(),
      }
    })
  })
}
