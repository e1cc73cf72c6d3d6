/**
 * A brand's missions: the list with spend and budget, drafting and editing drafts (an admin
 * publishes them), and pausing, resuming or closing published ones. The mission writes are the admin
 * form's own (saveMission: one transaction with its audit entry), and every change drops the cached
 * catalogue like an admin's edit does.
 */
import type { FastifyInstance } from 'fastify'
import { saveMission, uploadedImage } from '#server/features/deals/catalogue-admin-service.ts'
import { invalidateMissionCatalogue } from '#server/features/deals/mission-catalogue-service.ts'
import type { ProviderAccess } from '#server/http/access-rules.ts'
import { ApiError, conflict, formInvalid } from '#server/http/api-error.ts'
import type { UploadedFile } from '#server/http/multipart.ts'
import { registerRoute } from '#server/http/register-endpoint.ts'
import { brandIntegrationKinds, type IntegrationKind } from '#shared/brand-link-kinds.ts'
import type { MissionBody } from '#shared/contract/admin.ts'
import type { BrandMission, BrandMissionBody } from '#shared/contract/brand.ts'
import {
  changeMissionState,
  draftOf,
  findBrandMission,
  integrationKindsOf,
  listBrandMissions,
} from './brand-missions-repository'
import { providerOf } from './brand-provider-routes'

const notADraft = () =>
  conflict('Only a draft can be edited; this mission is no longer one', {
    errors: ['mission.not_draft'],
  })

export async function brandMissionRoutes(app: FastifyInstance) {
  const viewOf = async (providerId: string, code: string): Promise<BrandMission> => {
    const [view] = await listBrandMissions(app.db, providerId, code)
    if (!view) throw new ApiError(500, 'SERVER_ERROR', 'The saved mission could not be read back')
    return view
  }

  /** Saves a brand's draft (a new one when `code` is null) through the admin form's write. */
  const storeDraft = async (
    provider: ProviderAccess,
    code: string | null,
    body: BrandMissionBody,
    files: Record<string, UploadedFile>,
    actorId: string | null,
  ) => {
    const kinds = brandIntegrationKinds(await integrationKindsOf(app.db, provider.providerId))
    if (!kinds.includes(body.tools.type as IntegrationKind))
      throw formInvalid({
        children: { tools: { children: { type: { errors: ['mission.integration_not_allowed'] } } } },
      })
    const thumbnail = await uploadedImage(
      app,
      { folder: 'missions', field: 'thumbnail', file: files.thumbnail },
      actorId,
    )
    // A picture comes as an upload or is removed (null); a stored file named in the body is not taken
    // from a brand, which could otherwise point its mission at any file under the uploads.
    const { thumbnail: named, ...fields } = body
    const mission: MissionBody = {
      ...fields,
      ...(named === null ? { thumbnail: null } : {}),
      providerId: provider.providerId,
      status: 'draft',
    }
    const saved = await saveMission(app.db, {
      code,
      body: mission,
      thumbnail,
      actorId,
      onlyIf: {
        where: draftOf(provider.providerId),
        refused: notADraft,
      },
    })
    invalidateMissionCatalogue(app.db)
    return viewOf(provider.providerId, saved)
  }

  registerRoute(app, 'brandMissions', async ({ provider }) => {
    const items = await listBrandMissions(app.db, providerOf(provider).providerId)
    return { items, total: items.length }
  })

  registerRoute(app, 'brandMissionCreate', async ({ provider: access, body, files, session }) => {
    const provider = providerOf(access)
    // Approval makes the provider live for its members: an application drafts nothing yet.
    if (provider.status !== 'approved')
      throw conflict('This brand is waiting for an admin’s approval', { errors: ['provider.pending'] })
    return storeDraft(provider, null, body, files, session?.user.id ?? null)
  })

  registerRoute(app, 'brandMissionUpdate', async ({ provider: access, params, body, files, session }) => {
    const provider = providerOf(access)
    const current = await findBrandMission(app.db, provider.providerId, params.code)
    if (current.status !== 'draft') throw notADraft()
    return storeDraft(provider, current.code, body, files, session?.user.id ?? null)
  })

  registerRoute(app, 'brandMissionState', async ({ provider: access, params, body, session }) => {
    const provider = providerOf(access)
    await changeMissionState(app.db, {
      providerId: provider.providerId,
      code: params.code,
      status: body.status,
      actorId: session?.user.id ?? null,
    })
    // A paused or closed mission leaves the catalogue at once, a resumed one comes back.
    invalidateMissionCatalogue(app.db)
    return viewOf(provider.providerId, params.code)
  })
}
