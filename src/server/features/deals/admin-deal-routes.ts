/** Admin API for the deals area: providers, missions and deal state, every write audited. */

import type { FastifyInstance } from 'fastify'
import { isUuid } from '#server/db/ids.ts'
import { ApiError, conflict, fieldInvalid, notFound } from '#server/http/api-error.ts'
import { requestLocale } from '#server/http/locale.ts'
import type { UploadedFile } from '#server/http/multipart.ts'
import { registerRoute } from '#server/http/register-endpoint.ts'
import type { MissionBody } from '#shared/contract/admin.ts'
import { listAdminDeals, listAdminMissions, listProviders } from './admin-catalogue-repository'
import { providerExists, saveMission, saveProvider } from './admin-catalogue-writes'
import { settleDealChange } from './deal-notifier'
import { endDeal } from './deal-transitions'
import { dealView, findDealByCode } from './deals-repository'
import { uploadedImage } from './media-upload'
import { invalidateMissionCatalogue } from './mission-catalogue-service'

export async function adminDealRoutes(app: FastifyInstance) {
  const image = (
    folder: 'missions' | 'providers',
    field: string,
    file: UploadedFile | undefined,
    uploaderId: string | null,
  ) => uploadedImage(app, { folder, field, file }, uploaderId)

  registerRoute(app, 'adminProviders', async () => {
    const items = await listProviders(app.db)
    return { items, total: items.length }
  })

  registerRoute(app, 'adminProviderCreate', async ({ body, files, session }) => {
    const actorId = session?.user.id ?? null
    const logo = await image('providers', 'logo', files.logo, actorId)
    const provider = await saveProvider(app.db, { id: null, body, logo, actorId })
    invalidateMissionCatalogue(app.db)
    return provider
  })

  registerRoute(app, 'adminProviderUpdate', async ({ params, body, files, session }) => {
    if (!isUuid(params.id)) throw notFound('This provider does not exist')
    const actorId = session?.user.id ?? null
    const logo = await image('providers', 'logo', files.logo, actorId)
    const provider = await saveProvider(app.db, { id: params.id, body, logo, actorId })
    // Missions embed their provider: an edited name or theme must show in the catalogue at once.
    invalidateMissionCatalogue(app.db)
    return provider
  })

  registerRoute(app, 'adminMissions', async () => {
    const items = await listAdminMissions(app.db)
    return { items, total: items.length }
  })

  /** Saves a mission, then answers its admin view as read back after the commit. */
  const storeMission = async (
    code: string | null,
    body: MissionBody,
    files: Record<string, UploadedFile>,
    actorId: string | null,
  ) => {
    if (!isUuid(body.providerId) || !(await providerExists(app.db, body.providerId)))
      throw fieldInvalid('providerId', 'validation.invalid')
    const thumbnail = await image('missions', 'thumbnail', files.thumbnail, actorId)
    const saved = await saveMission(app.db, { code, body, thumbnail, actorId })
    invalidateMissionCatalogue(app.db)
    const [view] = await listAdminMissions(app.db, { code: saved })
    if (!view) throw new ApiError(500, 'SERVER_ERROR', 'The saved mission could not be read back')
    return view
  }

  registerRoute(app, 'adminMissionCreate', async ({ body, files, session }) =>
    storeMission(null, body, files, session?.user.id ?? null),
  )

  registerRoute(app, 'adminMissionUpdate', async ({ params, body, files, session }) =>
    storeMission(params.code, body, files, session?.user.id ?? null),
  )

  registerRoute(app, 'adminDeals', async ({ query, request }) => {
    const items = await listAdminDeals(app.db, query, requestLocale(request))
    return { items, total: items.length }
  })

  registerRoute(app, 'adminDealState', async ({ params, body, session, request }) => {
    const loaded = await findDealByCode(app.db, params.code)
    if (!loaded) throw notFound('This deal does not exist')
    if (body.state === 'inprogress') {
      // inprogress -> finished | stopped only; a final state is final.
      throw conflict('A deal cannot go back to in progress', {
        children: { state: { errors: ['deal.final_state'] } },
      })
    }
    const change = await endDeal(app.db, {
      dealId: loaded.row.id,
      to: body.state,
      actorId: session?.user.id ?? null,
      audited: true,
      earningsHoldHours: app.config.earningsHoldHours,
    })
    return dealView(await settleDealChange(app, change), requestLocale(request))
  })
}
