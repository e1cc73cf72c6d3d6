/** Admin API for the deals area: providers, missions and deal state, every write audited. */
import { type } from 'arktype'
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { missions, providers } from '#server/db/schema.ts'
import { ApiError, conflict, fieldInvalid, formInvalid, notFound } from '#server/http/api-error.ts'
import { type UploadedFile, uploadLimit } from '#server/http/multipart.ts'
import { registerEndpoint } from '#server/http/register-endpoint.ts'
import { audit } from '#server/lib/audit.ts'
import { uploadsDir } from '#server/plugins/client-app.ts'
import {
  AdminDealsQuery,
  MissionBody,
  type MissionBody as MissionBodyType,
  ProviderBody,
  type ProviderBody as ProviderBodyType,
} from '#shared/contract/admin.ts'
import { AdminDealStateBody } from '#shared/contract/deals.ts'
import { formErrorsFromArk } from '#shared/contract/errors.ts'
import {
  listAdminDeals,
  listAdminMissions,
  listProviders,
  missionCodeFor,
  missionValues,
  providerValues,
  providerView,
} from './admin-catalogue-repository'
import { publishDealChange } from './deal-notifier'
import { endDeal } from './deal-transitions'
import { findDealByCode } from './deals-repository'
import { storePublicImage } from './media-upload'
import { invalidateMissionCatalogue } from './mission-catalogue'

/**
 * Admin forms send JSON, or multipart with the JSON in a `payload` field next to an image file
 * (`logo` or `thumbnail`): the nested mission body does not fit flat form fields.
 */
function parseBody<T>(schema: (value: unknown) => T | type.errors, fields: unknown): T {
  let raw = fields
  const payload = (fields as Record<string, unknown> | null | undefined)?.payload
  if (typeof payload === 'string') {
    try {
      raw = JSON.parse(payload)
    } catch {
      throw formInvalid({ errors: ['validation.json'] }, 'The payload field is not valid JSON')
    }
  }
  const result = schema(raw ?? {})
  if (result instanceof type.errors) throw formInvalid(formErrorsFromArk(result))
  return result
}

const isUniqueViolation = (error: unknown, constraint: string): boolean => {
  let current: unknown = error
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth += 1) {
    const { code, constraint: name } = current as { code?: string; constraint?: string }
    if (code === '23505' && name === constraint) return true
    current = (current as { cause?: unknown }).cause
  }
  return false
}

export async function adminDealRoutes(app: FastifyInstance) {
  const uploads = uploadsDir(app.config)
  // Admin routes always have a session; a missing one would share a single counter, never skip it.
  const image = async (
    folder: 'missions' | 'providers',
    field: string,
    file: UploadedFile | undefined,
    uploaderId: string | null,
  ) => {
    if (!file) return undefined
    await app.rateLimiter.consume(uploadLimit, uploaderId ?? 'no-session')
    return storePublicImage(uploads, folder, field, file)
  }

  registerEndpoint(app, 'adminProviders', {}, async () => {
    const items = await listProviders(app.db)
    return { items, total: items.length }
  })

  const saveProvider = async (
    id: string | null,
    body: ProviderBodyType,
    files: Record<string, UploadedFile>,
    actorId: string | null,
  ) => {
    const logo = await image('providers', 'logo', files.logo, actorId)
    const values = { ...providerValues(body), ...(logo ? { logo } : {}) }
    try {
      return await app.db.transaction(async (tx) => {
        const [row] = id
          ? await tx.update(providers).set(values).where(eq(providers.id, id)).returning()
          : await tx.insert(providers).values(values).returning()
        if (!row) throw notFound('This provider does not exist')
        await audit(tx, {
          actorId,
          action: id ? 'provider.update' : 'provider.create',
          target: `provider:${row.slug}`,
          details: { name: row.name, theme: row.theme },
        })
        return providerView(row)
      })
    } catch (error) {
      if (isUniqueViolation(error, 'providers_slug_unique'))
        throw conflict('This slug is already used', {
          children: { slug: { errors: ['provider.slug_taken'] } },
        })
      throw error
    }
  }

  registerEndpoint(app, 'adminProviderCreate', {}, async ({ body, files, session, reply }) => {
    const provider = await saveProvider(null, parseBody(ProviderBody, body), files, session?.user.id ?? null)
    invalidateMissionCatalogue(app.db)
    reply.code(201)
    return provider
  })

  registerEndpoint(app, 'adminProviderUpdate', {}, async ({ params, body, files, session }) => {
    if (!/^[0-9a-f-]{36}$/i.test(params.id)) throw notFound('This provider does not exist')
    const provider = await saveProvider(
      params.id,
      parseBody(ProviderBody, body),
      files,
      session?.user.id ?? null,
    )
    // Missions embed their provider: an edited name or theme must show in the catalogue at once.
    invalidateMissionCatalogue(app.db)
    return provider
  })

  registerEndpoint(app, 'adminMissions', {}, async () => {
    const items = await listAdminMissions(app.db)
    return { items, total: items.length }
  })

  const saveMission = async (
    code: string | null,
    body: MissionBodyType,
    files: Record<string, UploadedFile>,
    actorId: string | null,
  ) => {
    if (!/^[0-9a-f-]{36}$/i.test(body.providerId)) throw fieldInvalid('providerId', 'validation.invalid')
    const [provider] = await app.db
      .select({ id: providers.id })
      .from(providers)
      .where(eq(providers.id, body.providerId))
    if (!provider) throw fieldInvalid('providerId', 'validation.invalid')
    const thumbnail = await image('missions', 'thumbnail', files.thumbnail, actorId)
    const values = { ...missionValues(body), ...(thumbnail ? { thumbnail } : {}) }
    const newCode = code ?? body.code ?? missionCodeFor(body.title.en)
    try {
      const saved = await app.db.transaction(async (tx) => {
        const [row] = code
          ? await tx
              .update(missions)
              .set({ ...values, ...(body.code ? { code: body.code } : {}) })
              .where(eq(missions.code, code))
              .returning({ code: missions.code })
          : await tx
              .insert(missions)
              .values({ ...values, code: newCode })
              .returning({ code: missions.code })
        if (!row) throw notFound('This mission does not exist')
        await audit(tx, {
          actorId,
          action: code ? 'mission.update' : 'mission.create',
          target: `mission:${row.code}`,
          details: { status: body.status, reward: body.reward, goal: body.goal, spots: body.spots },
        })
        return row.code
      })
      invalidateMissionCatalogue(app.db)
      const [view] = await listAdminMissions(app.db, saved)
      if (!view) throw new ApiError(500, 'SERVER_ERROR', 'The saved mission could not be read back')
      return view
    } catch (error) {
      if (isUniqueViolation(error, 'missions_code_unique'))
        throw conflict('This mission code is already used', {
          children: { code: { errors: ['mission.code_taken'] } },
        })
      throw error
    }
  }

  registerEndpoint(app, 'adminMissionCreate', {}, async ({ body, files, session, reply }) => {
    const mission = await saveMission(null, parseBody(MissionBody, body), files, session?.user.id ?? null)
    reply.code(201)
    return mission
  })

  registerEndpoint(app, 'adminMissionUpdate', {}, async ({ params, body, files, session }) => {
    return saveMission(params.code, parseBody(MissionBody, body), files, session?.user.id ?? null)
  })

  registerEndpoint(app, 'adminDeals', { query: AdminDealsQuery }, async ({ query }) => {
    const items = await listAdminDeals(app.db, query)
    return { items, total: items.length }
  })

  registerEndpoint(app, 'adminDealState', { body: AdminDealStateBody }, async ({ params, body, session }) => {
    const loaded = await findDealByCode(app.db, params.code)
    if (!loaded) throw notFound('This deal does not exist')
    if (body.state === 'inprogress') {
      // DESIGN §3: inprogress -> finished | stopped only; a final state is final.
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
    await publishDealChange(app, change)
    return (await findDealByCode(app.db, params.code))?.deal
  })
}
