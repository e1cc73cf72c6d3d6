/**
 * `GET /redir/cpc/{mission code}/{username}`: the link a streamer shares, answered by the server in one
 * round trip (a 302 to the brand's page, no app loaded) so a raid's taps each cost one append. Registered
 * before the client app's catch-all; `/redir/check/...` stays the app's landing page.
 */
import type { FastifyInstance } from 'fastify'
import { requestLocale } from '#server/http/locale.ts'
import { overClickRateLimit } from './click-fraud'
import { clickNetwork } from './click-identity'
import { appendClick, intakeInsertsAtOnce, isLookOnly } from './click-intake'
import type { ClickSettler } from './click-settlement-loop'
import { trackedLink, unknownLinkPage } from './tracked-links'

// 200 characters: far past any mission code or username, short enough to refuse junk before a query.
const trackedLinkParams = {
  type: 'object',
  required: ['code', 'username'],
  properties: {
    code: { type: 'string', minLength: 1, maxLength: 200 },
    username: { type: 'string', minLength: 1, maxLength: 200 },
  },
} as const

export function registerTrackedLinkRoutes(app: FastifyInstance, settler: ClickSettler): void {
  const insertsAtOnce = intakeInsertsAtOnce(app.database.kind)
  app.get<{ Params: { code: string; username: string } }>(
    '/redir/cpc/:code/:username',
    { schema: { params: trackedLinkParams } },
    async (request, reply) => {
      // Every answer is per visit: a cached redirect would be a click nobody records.
      reply.header('cache-control', 'no-store')
      const link = await trackedLink(app, request.params.username, request.params.code)
      if (!link) {
        return reply
          .code(404)
          .type('text/html; charset=utf-8')
          .header('vary', 'Accept-Language')
          .send(unknownLinkPage(requestLocale(request)))
      }
      if (!isLookOnly(request)) {
        const network = clickNetwork(request.ip)
        await appendClick(
          app.db,
          {
            dealId: link.dealId,
            ip: request.ip,
            userAgent: request.headers['user-agent'],
            // A navigation carries no session (the app keeps its token, sent on API calls only): here
            // the owner is known by the addresses they signed in from.
            viewerId: null,
            rateLimited: await overClickRateLimit(app.rateLimiter, network, request.log),
          },
          insertsAtOnce,
        )
        app.metrics.clickReceived()
        settler.wake()
      }
      return reply.redirect(link.target, 302)
    },
  )
}
