import type { FastifyInstance } from 'fastify'
import { notFound } from '#server/http/api-error.ts'
import { sendCachedAnswer } from '#server/http/cached-answer.ts'
import { requestLocale } from '#server/http/locale.ts'
import { registerRoute } from '#server/http/register-endpoint.ts'
import type { List } from '#shared/contract/common.ts'
import type { Mission } from '#shared/contract/deals.ts'
import {
  cachedCatalogueAnswerWithout,
  cachedCatalogueBody,
  cachedPublishedMissions,
  keepCatalogueUntilChanged,
} from './mission-catalogue-service'
import { findVisibleMission, missionCodesTakenBy } from './missions-repository'

export async function missionRoutes(app: FastifyInstance) {
  keepCatalogueUntilChanged(app.db, app.readCache)

  registerRoute(app, 'missions', async ({ query, request, reply, session }) => {
    const locale = requestLocale(request)
    if (!query.exclude_current_user || !session) {
      // The whole catalogue goes out as the JSON its cache entry serialised once: the same
      // `List<Mission>` the row describes, without re-serialising or re-compressing ~50 KB on every visit.
      const answer = await cachedCatalogueBody(app.db, locale)
      return sendCachedAnswer(request, reply, answer) as unknown as List<Mission>
    }
    // The user's own deals, kept until the database announces a change of them: a mission just taken
    // leaves their list at once.
    const userId = session.user.id
    const taken = await app.readCache.read(userId, 'missions taken', () =>
      missionCodesTakenBy(app.db, userId),
    )
    const answer = await cachedCatalogueAnswerWithout(app.db, app.readCache, locale, taken)
    return sendCachedAnswer(request, reply, answer) as unknown as List<Mission>
  })

  registerRoute(app, 'mission', async ({ params, request }) => {
    const locale = requestLocale(request)
    // A mission's preview page reads this on every visit: a published mission comes from
    // the catalogue the list already keeps (taking re-checks the spots), and only a closed or unknown
    // one costs a query.
    const catalogue = await cachedPublishedMissions(app.db, locale)
    const published = catalogue.find((item) => item.code === params.code)
    if (published) return published
    const mission = await findVisibleMission(app.db, params.code, locale)
    if (!mission) throw notFound('This mission does not exist')
    return mission
  })
}
