/**
 * A mission's results for its brand: the figures, the streamers table as CSV, and a
 * request that an admin review one of its deals (recorded with its audit entry; admins see it in
 * their deals list).
 */
import type { FastifyInstance } from 'fastify'
import { forbidden } from '#server/http/api-error.ts'
import { requestLocale } from '#server/http/locale.ts'
import { registerRoute } from '#server/http/register-endpoint.ts'
import { CSV_BOM, csvAmount, csvLines, csvText } from '#server/lib/csv.ts'
import { brandLimits, perUserAndBrand } from './brand-limits'
import { findBrandMission } from './brand-missions-repository'
import { providerOf } from './brand-provider-routes'
import { missionResults, missionStreamers } from './brand-results'
import { requestDealReview } from './deal-reviews-repository'

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
    return requestDealReview(app.db, {
      mission,
      dealCode: params.dealCode,
      provider,
      userId: session.user.id,
      message: body.message,
    })
  })
}
