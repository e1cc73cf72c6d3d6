/** Brands, their members, missions and deals, made straight in the database for the brand portal tests. */
import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { deals, type NewMissionRow, providerMembers, providers, users } from '#server/db/schema.ts'
import { call } from '../support/call'
import { makeUser, type TestUser } from '../support/test-users'
import { BROWSER_UA, makeMission } from './deals-fixtures'

export interface TestBrand {
  id: string
  slug: string
}

export async function makeBrand(
  app: FastifyInstance,
  slug: string,
  status: 'pending' | 'approved' = 'approved',
): Promise<TestBrand> {
  const [row] = await app.db
    .insert(providers)
    .values({ name: `Brand ${slug}`, slug, description: { en: `The ${slug} brand` }, status })
    .returning({ id: providers.id, slug: providers.slug })
  if (!row) throw new Error('provider insert returned no row')
  return row
}

/**
 * A brand account (kind provider, its address verified: memberships of an unproven address do not
 * count) that is a member of the brand with the given role.
 */
export async function makeMember(
  app: FastifyInstance,
  brand: TestBrand,
  username: string,
  role: 'owner' | 'member' = 'owner',
): Promise<TestUser> {
  const user = await makeUser(app, { username })
  await app.db
    .update(users)
    .set({ kind: 'provider', emailVerifiedAt: new Date() })
    .where(eq(users.id, user.id))
  await app.db.insert(providerMembers).values({ providerId: brand.id, userId: user.id, role })
  return user
}

/** A mission of the brand: published, open since yesterday, 25 cents a click, no budget unless given. */
export const makeBrandMission = (
  app: FastifyInstance,
  brand: TestBrand,
  overrides: Partial<NewMissionRow> = {},
) =>
  makeMission(app, {
    code: `${brand.slug}-m-${randomBytes(3).toString('hex')}`,
    providerId: brand.id,
    goal: 100,
    ...overrides,
  })

/** A streamer's deal on the mission, made through the API as the streamer would take it. */
export async function takeMission(
  app: FastifyInstance,
  streamer: TestUser,
  missionCode: string,
): Promise<string> {
  const response = await call(app, 'subscriptionCreate', {
    params: { code: missionCode, username: streamer.username },
    headers: streamer.auth,
  })
  if (response.statusCode !== 201) throw new Error(`taking ${missionCode} failed: ${response.body}`)
  return response.answer().code
}

export async function dealIdOf(app: FastifyInstance, dealCode: string): Promise<string> {
  const [row] = await app.db.select({ id: deals.id }).from(deals).where(eq(deals.code, dealCode))
  if (!row) throw new Error(`no deal ${dealCode}`)
  return row.id
}

/** A form as the portal's forms send it with a picture: the JSON in `payload`, the file beside it. */
export async function multipartForm(
  fields: object,
  file: { field: string; bytes: Buffer; type: string; name: string },
): Promise<{ headers: Record<string, string>; payload: Buffer }> {
  const form = new FormData()
  form.set('payload', JSON.stringify(fields))
  form.set(file.field, new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name)
  const request = new Request('http://x', { method: 'POST', body: form })
  return {
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
    payload: Buffer.from(await request.arrayBuffer()),
  }
}

/** A viewer's click on a tracked link, from the given address (one valid click per address and deal a day). */
export function clickFrom(app: FastifyInstance, missionCode: string, username: string, ip: string) {
  return call(app, 'subscriptionCheck', {
    params: { code: missionCode, username },
    remoteAddress: ip,
    headers: { 'user-agent': BROWSER_UA },
    body: { kind: 'cpc' },
  })
}

/** A mission as the brand's form sends it: every field, in three languages, starting a minute ago. */
export const brandMissionBody = <Extra extends object = object>(extra: Extra = {} as Extra) => ({
  title: { en: 'Boss rush', fr: 'Course aux boss', es: 'Carrera de jefes' },
  description: { en: 'Beat every boss live.', fr: 'Battez chaque boss en direct.', es: 'Vence a cada jefe.' },
  tips: { en: 'Show the timer.', fr: 'Montrez le chrono.', es: 'Muestra el cronómetro.' },
  tools: { type: 'LINK' as const, parameters: { URL: 'https://brand.example/%dealCode%?ref=%username%' } },
  reward: { model: 'cpc' as const, amount: 20 },
  goal: 40,
  spots: 3,
  budget: 500,
  startsAt: new Date(Date.now() - 60_000).toISOString(),
  endsAt: new Date(Date.now() + 30 * 86_400_000).toISOString(),
  ...extra,
})
