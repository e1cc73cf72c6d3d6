import type { FastifyInstance } from 'fastify'
import { notFound } from '#server/http/api-error.ts'
import { localized, requestLocale } from '#server/http/locale.ts'
import { registerIdempotentRoute, registerRoute } from '#server/http/register-endpoint.ts'
import { rooms } from '#server/plugins/socket.ts'
import { adminDealRoutes } from './admin-deal-routes'
import { overClickRateLimit } from './click-fraud'
import { clickNetwork } from './click-identity'
import { appendClick } from './click-intake'
import { registerRetentionJob } from './click-retention'
import { registerClickSettlement } from './click-settlement-loop'
import { dealInvoicePdf } from './deal-invoice'
import { listUserDealViews } from './deal-list'
import { settleDealChange } from './deal-notifier'
import { dealClickDays } from './deal-stats'
import { endDeal, regenerateWidgetToken, subscribe } from './deal-transitions'
import { dealView, findUserDeal, findUserIdByUsername, listDealEvents } from './deals-repository'
import { registerTrackedLinkRoutes } from './tracked-link-routes'
import { brandTarget } from './tracked-links'
import { registerWidgetRoutes } from './widget-routes'

export async function dealRoutes(app: FastifyInstance) {
  const settler = registerClickSettlement(app)
  registerTrackedLinkRoutes(app, settler)
  const requireDeal = async (username: string, missionCode: string) => {
    const loaded = await findUserDeal(app.db, username, missionCode)
    if (!loaded) throw notFound('This deal does not exist')
    return loaded
  }

  // What every dashboard visit loads: kept per user until the database announces a change.
  registerRoute(
    app,
    'userDeals',
    async ({ params, query, request }) => {
      const items = await listUserDealViews(app.db, params.username, requestLocale(request), query.state)
      return { items, total: items.length }
    },
    { cachedPerUser: {} },
  )

  registerRoute(app, 'userDeal', async ({ params, request }) =>
    dealView(await requireDeal(params.username, params.code), requestLocale(request)),
  )

  registerRoute(app, 'userDealTriggers', async ({ params }) => {
    const loaded = await requireDeal(params.username, params.code)
    const items = await listDealEvents(app.db, loaded.row.id)
    return { items, total: items.length }
  })

  registerRoute(app, 'userDealStats', async ({ params, query }) => {
    const loaded = await requireDeal(params.username, params.code)
    return dealClickDays(app.db, loaded.row, query.tz)
  })

  // Queued offline, sent by the page or the service worker: one key, one stop, one answer.
  registerIdempotentRoute(app, 'userDealStop', async ({ params, request, session }) => {
    const loaded = await requireDeal(params.username, params.code)
    const change = await endDeal(app.db, {
      dealId: loaded.row.id,
      to: 'stopped',
      actorId: session?.user.id ?? loaded.ownerId,
      earningsHoldHours: app.config.earningsHoldHours,
    })
    return dealView(await settleDealChange(app, change), requestLocale(request))
  })

  registerRoute(app, 'userDealWidgetToken', async ({ params, request }) => {
    const loaded = await requireDeal(params.username, params.code)
    const { old, change } = await regenerateWidgetToken(app.db, loaded.row.id)
    // The old token is revoked: overlays still showing it stop receiving updates at once.
    app.io.in(rooms.widget(old)).socketsLeave(rooms.widget(old))
    return dealView(await settleDealChange(app, change), requestLocale(request))
  })

  registerRoute(app, 'userDealInvoice', async ({ params, reply, request }) => {
    const loaded = await requireDeal(params.username, params.code)
    // The reader's language (the app sends it); the owner's saved one when the request names none.
    const locale = request.headers['accept-language'] ? requestLocale(request) : loaded.ownerLocale
    const { pdf, number } = await dealInvoicePdf(app.db, loaded, app.config.legalIdentity, locale)
    const name = number ? `invoice-${number}-${loaded.row.code}` : `streamdeals-${loaded.row.code}`
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="${name}.pdf"`)
      .send(Buffer.from(pdf))
  })

  registerRoute(app, 'subscriptionGet', async ({ params, request }) =>
    dealView(await requireDeal(params.username, params.code), requestLocale(request)),
  )

  // Queued offline, sent by the page or the service worker: a copy gets the deal, not a 409.
  registerIdempotentRoute(app, 'subscriptionCreate', async ({ params, request }) => {
    const userId = await findUserIdByUsername(app.db, params.username)
    if (!userId) throw notFound('This user does not exist')
    const change = await subscribe(app.db, {
      userId,
      missionCode: params.code,
    })
    return dealView(await settleDealChange(app, change), requestLocale(request))
  })

  // Public: the app's own /redir/check landing and in-app /redir/cpc pages call it (a shared link is
  // answered by tracked-link-routes.ts). `{code}` is the MISSION code. Rate-limited per address, but
  // the viewer always gets `{ url }`: over the limit, only the credit is refused (`rate_limited`).
  // A cpc click goes through the same intake as the redirect, and the answer waits for its settlement
  // (a few milliseconds on this node): the in-app page is no raid's path, and its answer then follows
  // the credit, as the app's own flows expect.
  registerRoute(app, 'subscriptionCheck', async ({ params, body, request, session }) => {
    const loaded = await requireDeal(params.username, params.code)
    const answer = {
      url: brandTarget(loaded),
      username: loaded.ownerUsername,
      creatorCode: loaded.ownerCreatorCode,
      missionTitle: localized(loaded.mission.title, requestLocale(request)),
    }
    const rateLimited = await overClickRateLimit(app.rateLimiter, clickNetwork(request.ip), request.log)
    if (body.kind === 'check') return answer
    app.metrics.clickReceived()
    const intakeId = await appendClick(app.db, {
      dealId: loaded.row.id,
      ip: request.ip,
      userAgent: request.headers['user-agent'],
      viewerId: session?.user.id ?? null,
      rateLimited,
    })
    await settler.settled(intakeId)
    return answer
  })

  registerWidgetRoutes(app)
  registerRetentionJob(app)
  await app.register(adminDealRoutes)
}
