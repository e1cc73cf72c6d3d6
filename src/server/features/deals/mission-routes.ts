import { type } from 'arktype'
import type { FastifyInstance } from 'fastify'
import { notFound } from '../../http/api-error'
import { requestLocale } from '../../http/locale'
import { registerEndpoint } from '../../http/register-endpoint'
import { cachedPublishedMissions, missionCodesTakenBy } from './mission-catalogue'
import { findVisibleMission } from './missions-repository'

const MissionListQuery = type({
  'exclude_current_user?': "'0' | '1' | 'true' | 'false'",
  'locale?': 'string <= 10',
})

export async function missionRoutes(app: FastifyInstance) {
  registerEndpoint(app, 'missions', { query: MissionListQuery }, async ({ query, request, session }) => {
    const exclude = query.exclude_current_user === '1' || query.exclude_current_user === 'true'
    const published = await cachedPublishedMissions(app.db, requestLocale(request))
    // The user's own deals are read fresh: a mission just taken must leave their list at once.
    const taken = exclude && session ? await missionCodesTakenBy(app.db, session.user.id) : undefined
    const items = taken ? published.filter((mission) => !taken.has(mission.code)) : published
    return { items, total: items.length }
  })

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
