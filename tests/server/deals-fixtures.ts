/** Users, sessions and missions made straight in the database, so deal tests do not depend on signup. */
import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { missions, type NewMissionRow, providers, users } from '#server/db/schema.ts'
import { createSession } from '#server/features/auth/sessions.ts'

export interface TestUser {
  id: string
  username: string
  token: string
  auth: { authorization: string }
}

export async function makeUser(
  app: FastifyInstance,
  username: string,
  options: { admin?: boolean } = {},
): Promise<TestUser> {
  const [row] = await app.db
    .insert(users)
    .values({
      username,
      email: `${username.toLowerCase()}@example.test`,
      // Never used to sign in: these tests start from a session made below.
      passwordHash: 'not-a-real-hash',
      roles: options.admin ? ['user', 'admin'] : ['user'],
      creatorCode: `CC${randomBytes(4).toString('hex').toUpperCase()}`,
    })
    .returning({ id: users.id })
  if (!row) throw new Error('user insert returned no row')
  const { token } = await createSession(app.db, row.id)
  return { id: row.id, username, token, auth: { authorization: `Bearer ${token}` } }
}

const DAY_MS = 86_400_000
let missionCounter = 0

/** A published mission of the first demo provider, open since yesterday, with no end unless given. */
export async function makeMission(
  app: FastifyInstance,
  overrides: Partial<NewMissionRow> = {},
): Promise<string> {
  const [provider] = await app.db.select({ id: providers.id }).from(providers).limit(1)
  if (!provider) throw new Error('no provider: seed the demo content')
  missionCounter += 1
  const code = overrides.code ?? `test-mission-${missionCounter}-${randomBytes(3).toString('hex')}`
  await app.db.insert(missions).values({
    code,
    providerId: provider.id,
    title: { en: `Test mission ${missionCounter}`, fr: `Mission de test ${missionCounter}` },
    description: { en: 'A mission made by a test.' },
    tips: { en: 'Share the link.' },
    integration: { type: 'MIXTE', parameters: { URL: 'https://brand.example/go?ref=%username%' } },
    rewardModel: 'cpc',
    rewardCents: 25,
    goal: 10,
    spots: 10,
    budgetCents: null,
    startsAt: new Date(Date.now() - DAY_MS),
    endsAt: null,
    status: 'published',
    ...overrides,
  })
  return code
}

export async function missionId(app: FastifyInstance, code: string): Promise<string> {
  const [row] = await app.db.select({ id: missions.id }).from(missions).where(eq(missions.code, code))
  if (!row) throw new Error(`no mission ${code}`)
  return row.id
}

export const BROWSER_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36'

/** A mission as an admin form sends it (published, starting a minute ago), with `extra` fields over it. */
export const adminMissionBody = (providerId: string, extra: object = {}) => ({
  providerId,
  title: { en: 'Speedrun night', fr: 'Soirée speedrun' },
  description: { en: 'Run the first level live.' },
  tips: { en: 'Show the timer.' },
  tools: {
    type: 'SPIKE_LINK' as const,
    parameters: { URL: 'https://spike.example/%mission%?ref=%username%' },
  },
  reward: { model: 'cpc' as const, amount: 12 },
  goal: 50,
  spots: 5,
  budget: 600,
  startsAt: new Date(Date.now() - 60_000).toISOString(),
  endsAt: null,
  status: 'published' as const,
  ...extra,
})
