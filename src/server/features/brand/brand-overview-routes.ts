/** The brand's overview across its missions, as JSON and its days as CSV. */
import type { FastifyInstance } from 'fastify'
import { requestLocale } from '#server/http/locale.ts'
import { registerRoute } from '#server/http/register-endpoint.ts'
import { CSV_BOM, csvAmount, csvLines } from '#server/lib/csv.ts'
import { brandOverview } from './brand-overview'
import { providerOf } from './brand-provider-routes'

const CSV_HEADER = ['day', 'spent', 'valid_clicks', 'refused_clicks', 'cost_per_valid_click', 'currency']

export async function brandOverviewRoutes(app: FastifyInstance) {
  registerRoute(app, 'brandOverview', async ({ provider, query, request }) =>
    brandOverview(app.db, {
      providerId: providerOf(provider).providerId,
      query,
      locale: requestLocale(request),
    }),
  )

  registerRoute(app, 'brandOverviewExport', async ({ provider: access, query, request, reply }) => {
    const provider = providerOf(access)
    const overview = await brandOverview(app.db, {
      providerId: provider.providerId,
      query,
      locale: requestLocale(request),
    })
    const rows = overview.days.map((day) => [
      day.day,
      csvAmount(day.spentCents),
      String(day.valid),
      String(day.refused),
      day.valid > 0 ? csvAmount(Math.round(day.spentCents / day.valid)) : '',
      'EUR',
    ])
    const name = `streamdeals-${provider.slug}-${overview.from}-${overview.to}.csv`
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${name}"`)
      .header('cache-control', 'private, no-store')
      .send(`${CSV_BOM}${csvLines([CSV_HEADER, ...rows])}`)
  })
}
