import type { FastifyInstance } from 'fastify'
import type { MissionRow } from '#server/db/schema.ts'
import { registerRoute } from '#server/http/register-endpoint.ts'
import {
  brandOwners,
  type Decision,
  decideMission,
  decisionView,
  missionQueue,
} from './mission-review-repository'
import { sendMissionDecisionMail } from './review-mails'

/**
 * The publication queue's routes. A decision is committed first; its brand's owners are mailed after,
 * by the one request that made it (a failed mail is logged, the decision stands).
 */
export async function missionReviewRoutes(app: FastifyInstance) {
  registerRoute(app, 'adminMissionQueue', async () => {
    const items = await missionQueue(app.db)
    return { items, total: items.length }
  })

  const decide = async (code: string, decision: Decision, actorId: string | null) => {
    const row = await decideMission(app.db, { code, decision, actorId })
    await tellBrand(app, row, decision)
    return decisionView(row)
  }

  registerRoute(app, 'adminMissionPublish', async ({ params, session }) =>
    decide(params.code, { kind: 'published' }, session?.user.id ?? null),
  )

  registerRoute(app, 'adminMissionReject', async ({ params, body, session }) =>
    decide(params.code, { kind: 'rejected', reason: body.reason.trim() }, session?.user.id ?? null),
  )
}

async function tellBrand(app: FastifyInstance, row: MissionRow, decision: Decision): Promise<void> {
  try {
    const { provider, owners } = await brandOwners(app.db, row.providerId)
    if (!provider) return
    const link = new URL(`/dashboard/provider/${provider.slug}/missions/${row.code}`, app.config.publicUrl)
      .href
    for (const owner of owners) {
      await sendMissionDecisionMail(app.mailer, owner, {
        mission: row.title[owner.locale] ?? row.title.en ?? row.code,
        link,
        reason: decision.kind === 'rejected' ? decision.reason : null,
      })
    }
  } catch (error) {
    app.log.error({ err: error, mission: row.code }, 'mission decision mail failed')
  }
}
