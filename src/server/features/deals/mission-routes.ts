import { type } from 'arktype'
import type { FastifyInstance } from 'fastify'
import { notFound } from '#server/http/api-error.ts'
import { requestLocale } from '#server/http/locale.ts'
import { registerEndpoint } from '#server/http/register-endpoint.ts'
import { cachedCatalogueBody, cachedPublishedMissions, missionCodesTakenBy } from './mission-catalogue'
import { findVisibleMission } from './missions-repository'

const MissionListQuery = type({
  'exclude_current_user?': "'0' | '1' | 'true' | 'false'",
  'locale?': 'string <= 10',
})

export async function missionRoutes(app: FastifyInstance) {
  registerEndpoint(
    app,
    'missions',
    { query: MissionListQuery },
    async ({ query, request, reply, session }) => {
      const exclude = query.exclude_current_user === '1' || query.exclude_current_user === 'true'
      const locale = requestLocale(request)
      if (!exclude || !session) {
        return reply.type('application/json; charset=utf-8').send(await cachedCatalogueBody(app.db, locale))
      }
      const published = await cachedPublishedMissions(app.db, locale)
      // The user's own deals are read fresh: a mission just taken must leave their list at once.
      const taken = await missionCodesTakenBy(app.db, session.user.id)
      const items = published.filter((mission) => !taken.has(mission.code))
      return { items, total: items.length }
    },
  )

  registerEndpoint(
    app,
    'mission',
    { query: type({ 'locale?': 'string <= 10' }) },
    async ({ params, request }) => {
      const mission = await findVisibleMission(app.db, params.code, requestLocale(request))
      if (!mission) throw notFound('This mission does not exist')
      return mission
    },
  )
}
