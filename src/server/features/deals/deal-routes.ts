import { type } from 'arktype'
import { and, asc, eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { dealEvents, users } from '#server/db/schema.ts'
import { formInvalid, notFound } from '#server/http/api-error.ts'
import { localized, requestLocale } from '#server/http/locale.ts'
import { registerEndpoint } from '#server/http/register-endpoint.ts'
import { rooms } from '#server/plugins/socket.ts'
import { CheckBody, type CheckResponse, DealStatesQuery } from '#shared/contract/deals.ts'
import { formErrorsFromArk } from '#shared/contract/errors.ts'
import { integrationLinkData } from '#shared/deal-links.ts'
import { buildIntegrationLink } from '#shared/integration-links.ts'
import { adminDealRoutes } from './admin-deal-routes'
import { overClickRateLimit } from './click-fraud'
import { clickNetwork } from './click-identity'
import { registerRetentionJob } from './click-retention'
import { recordClick } from './deal-clicks'
import { publishDealChange } from './deal-notifier'
import { endDeal, regenerateWidgetToken, subscribe } from './deal-transitions'
import {
  findDealById,
  findUserDeal,
  type LoadedDeal,
  listDealEvents,
  listUserDeals,
} from './deals-repository'
import { renderInvoicePdf } from './invoice-pdf'
import { registerWidgetRoutes } from './widget-routes'

async function requireDeal(
  app: FastifyInstance,
  username: string,
  missionCode: string,
  request: Parameters<typeof requestLocale>[0],
) {
  const loaded = await findUserDeal(app.db, username, missionCode, requestLocale(request))
  if (!loaded) throw notFound('This deal does not exist')
  return loaded
}

async function reload(app: FastifyInstance, dealId: string, request: Parameters<typeof requestLocale>[0]) {
  const loaded = await findDealById(app.db, dealId, requestLocale(request))
  if (!loaded) throw notFound('This deal does not exist')
  return loaded
}

const targetUrl = (loaded: LoadedDeal) =>
  buildIntegrationLink(
    loaded.mission.integration,
    integrationLinkData({
      dealCode: loaded.row.code,
      missionCode: loaded.mission.code,
      username: loaded.ownerUsername,
      creatorCode: loaded.ownerCreatorCode,
    }),
  )

export async function dealRoutes(app: FastifyInstance) {
  // Validated here rather than through registerEndpoint: its schema type does not carry the pipe
  // that turns one `state` or many into a list.
  registerEndpoint(app, 'userDeals', {}, async ({ params, query, request }) => {
    const parsed = DealStatesQuery(query)
    if (parsed instanceof type.errors) throw formInvalid(formErrorsFromArk(parsed))
    const items = await listUserDeals(app.db, params.username, parsed.state, requestLocale(request))
    return { items: items.map((loaded) => loaded.deal), total: items.length }
  })

  registerEndpoint(app, 'userDeal', {}, async ({ params, request }) => {
    return (await requireDeal(app, params.username, params.code, request)).deal
  })

  registerEndpoint(app, 'userDealTriggers', {}, async ({ params, request }) => {
    const loaded = await requireDeal(app, params.username, params.code, request)
    const items = await listDealEvents(app.db, loaded.row.id)
    return { items, total: items.length }
  })

  registerEndpoint(app, 'userDealStop', {}, async ({ params, request, session }) => {
    const loaded = await requireDeal(app, params.username, params.code, request)
    const change = await endDeal(app.db, {
      dealId: loaded.row.id,
      to: 'stopped',
      actorId: session?.user.id ?? loaded.ownerId,
      earningsHoldHours: app.config.earningsHoldHours,
    })
    await publishDealChange(app, change)
    return (await reload(app, loaded.row.id, request)).deal
  })

  registerEndpoint(app, 'userDealWidgetToken', {}, async ({ params, request }) => {
    const loaded = await requireDeal(app, params.username, params.code, request)
    const { old } = await regenerateWidgetToken(app.db, loaded.row.id)
    // The old token is revoked: overlays still showing it stop receiving updates at once.
    app.io.in(rooms.widget(old)).socketsLeave(rooms.widget(old))
    const fresh = await reload(app, loaded.row.id, request)
    app.io.to(rooms.user(fresh.ownerId)).emit('deal:updated', fresh.deal)
    return fresh.deal
  })

  registerEndpoint(app, 'userDealInvoice', {}, async ({ params, request, reply }) => {
    const loaded = await requireDeal(app, params.username, params.code, request)
    const credited = await app.db
      .select()
      .from(dealEvents)
      .where(and(eq(dealEvents.dealId, loaded.row.id), eq(dealEvents.type, 'credited')))
      .orderBy(asc(dealEvents.seq))
    const label = loaded.mission.rewardModel === 'cpc' ? 'Valid click reward' : 'Goal reward'
    const pdf = await renderInvoicePdf({
      dealCode: loaded.row.code,
      missionTitle: localized(loaded.mission.title, 'en'),
      providerName: loaded.provider.name,
      username: loaded.ownerUsername,
      state: loaded.row.state,
      progress: loaded.row.progress,
      goal: loaded.mission.goal,
      createdAt: loaded.row.createdAt,
      finishedAt: loaded.row.finishedAt ?? loaded.row.stoppedAt,
      issuedAt: new Date(),
      lines: credited.map((event) => ({ date: event.createdAt, label, amountCents: event.amountCents ?? 0 })),
    })
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="streamdeals-${loaded.row.code}.pdf"`)
      .send(Buffer.from(pdf))
  })

  registerEndpoint(app, 'subscriptionGet', {}, async ({ params, request }) => {
    return (await requireDeal(app, params.username, params.code, request)).deal
  })

  registerEndpoint(app, 'subscriptionCreate', {}, async ({ params, request, reply }) => {
    const [user] = await app.db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.username}) = lower(${params.username})`)
      .limit(1)
    if (!user) throw notFound('This user does not exist')
    const { dealId, change } = await subscribe(app.db, { userId: user.id, missionCode: params.code })
    await publishDealChange(app, change)
    reply.code(201)
    return (await reload(app, dealId, request)).deal
  })

  // Public: a viewer's browser calls it from /redir/cpc or /redir/check. `{code}` is the MISSION code.
  // Rate-limited per address, but the viewer always gets `{ url }`: over the limit, only the credit
  // is refused (and recorded as `rate_limited`), the brand's page still opens.
  registerEndpoint(
    app,
    'subscriptionCheck',
    { body: CheckBody },
    async ({ params, body, request, session }) => {
      const loaded = await requireDeal(app, params.username, params.code, request)
      const answer: CheckResponse = {
        url: targetUrl(loaded),
        username: loaded.ownerUsername,
        creatorCode: loaded.ownerCreatorCode,
        missionTitle: localized(loaded.mission.title, requestLocale(request)),
      }
      const rateLimited = await overClickRateLimit(app.rateLimiter, clickNetwork(request.ip), request.log)
      if (body.kind === 'check') return answer
      const change = await recordClick(app.db, {
        dealId: loaded.row.id,
        ip: request.ip,
        userAgent: request.headers['user-agent'],
        viewerId: session?.user.id ?? null,
        rateLimited,
        earningsHoldHours: app.config.earningsHoldHours,
      })
      if (change.events.length > 0) await publishDealChange(app, change)
      return answer
    },
  )

  registerWidgetRoutes(app)
  registerRetentionJob(app)
  await app.register(adminDealRoutes)
}
