import type { FastifyInstance } from 'fastify'
import { notFound } from '#server/http/api-error.ts'
import { isSupportedLocale, type SupportedLocale } from '#server/http/locale.ts'
import { registerRoute } from '#server/http/register-endpoint.ts'
import type { RateRule } from '#server/plugins/rate-limit.ts'
import { rooms } from '#server/plugins/socket.ts'
import type { WidgetView } from '#shared/contract/deals.ts'
import { trackedLinkPath } from '#shared/deal-links.ts'
import { findDealByWidgetToken, findUserDeal, type LoadedDeal } from './deals-repository'
import { toMission } from './missions-repository'

/**
 * 6 a minute per deal: enough to try an overlay's look and sound while setting up a scene, too few to
 * spam a live stream with fake alerts from a stolen session.
 */
export const testAlertLimit: RateRule = { name: 'widget:test-alert', max: 6, windowMs: 60_000 }

// Widget tokens are 43 base64url characters; anything else is not worth a query.
const WIDGET_TOKEN = /^[\w-]{20,100}$/

/** The goal widget's view of a deal: only what the overlay shows, nothing about the streamer's money. */
function widgetViewOf(loaded: LoadedDeal, locale: SupportedLocale): WidgetView {
  const mission = toMission(loaded, locale)
  return {
    locale,
    missionTitle: mission.title,
    providerName: loaded.provider.name,
    theme: loaded.provider.theme,
    progress: loaded.row.progress,
    goal: loaded.mission.goal,
    state: loaded.row.state,
    reward: mission.reward,
    missionCode: loaded.mission.code,
    trackedPath: trackedLinkPath('cpc', loaded.mission.code, loaded.ownerUsername),
  }
}

/**
 * `GET /api/widgets/widget/{token}` and the public `widget:subscribe` socket event: an OBS source has
 * no session, so the widget token alone opens the deal's widget room (and nothing else).
 */
export function registerWidgetRoutes(app: FastifyInstance): void {
  registerRoute(app, 'widget', async ({ params, query }) => {
    const loaded = WIDGET_TOKEN.test(params.token) ? await findDealByWidgetToken(app.db, params.token) : null
    if (!loaded) throw notFound('This widget does not exist')
    // The overlay speaks its owner's language: viewers see the streamer's stream, and an OBS browser
    // source's own language says nothing about it. `?locale=` overrides it.
    return widgetViewOf(loaded, isSupportedLocale(query.locale) ? query.locale : loaded.ownerLocale)
  })

  // A sample alert for the streamer's own overlays: only the widget room hears it, and nothing is
  // written, so it never counts as a click nor moves the goal.
  registerRoute(app, 'userDealWidgetTestAlert', async ({ params }) => {
    const loaded = await findUserDeal(app.db, params.username, params.code)
    if (!loaded) throw notFound('This deal does not exist')
    await app.rateLimiter.consume(testAlertLimit, loaded.row.id)
    const token = loaded.row.widgetToken
    app.io.to(rooms.widget(token)).emit('widget:test-alert', { token })
    return { sent: true as const }
  })

  app.socketConnectionHandlers.push((socket) => {
    socket.on('widget:subscribe', async (token, ack) => {
      const reply = typeof ack === 'function' ? ack : () => undefined
      try {
        const loaded =
          typeof token === 'string' && WIDGET_TOKEN.test(token)
            ? await findDealByWidgetToken(app.db, token)
            : null
        if (!loaded) return reply({ ok: false, error: 'NOT_FOUND' })
        await socket.join(rooms.widget(token))
        reply({ ok: true })
      } catch (error) {
        app.log.error({ err: error }, 'widget subscription failed')
        reply({ ok: false, error: 'SERVER_ERROR' })
      }
    })
    socket.on('widget:unsubscribe', async (token) => {
      if (typeof token === 'string') await socket.leave(rooms.widget(token))
    })
  })
}
