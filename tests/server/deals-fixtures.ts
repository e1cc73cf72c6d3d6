/** Missions made straight in the database, so deal tests do not depend on the admin flow. */
import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { missions, type NewMissionRow, providers } from '#server/db/schema.ts'

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
