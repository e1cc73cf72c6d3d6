import { type } from 'arktype'
import type { FastifyInstance } from 'fastify'
import { notFound } from '../../http/api-error'
import { requestLocale } from '../../http/locale'
import { registerEndpoint } from '../../http/register-endpoint'
import { findVisibleMission, listPublishedMissions } from './missions-repository'

const MissionListQuery = type({
  'exclude_current_user?': "'0' | '1' | 'true' | 'false'",
  'locale?': 'string <= 10',
})

export async function missionRoutes(app: FastifyInstance) {
  registerEndpoint(app, 'missions', { query: MissionListQuery }, async ({ query, request, session }) => {
    const exclude = query.exclude_current_user === '1' || query.exclude_current_user === 'true'
    const items = await listPublishedMissions(app.db, requestLocale(request), {
      excludeUserId: exclude && session ? session.user.id : undefined,
    })
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
