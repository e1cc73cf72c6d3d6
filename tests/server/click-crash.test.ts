/**
 * A raid on a tracked link while the server dies: a real server process (the production bundle) takes
 * a burst of taps from distinct viewers, is killed with SIGKILL in the middle of it, restarted, killed
 * again, restarted; afterwards every click the server answered with its redirect is credited exactly
 * once, and every click taken in is settled once. Runs on the embedded database, and on PostgreSQL
 * when DATABASE_URL is set.
 */
import { randomBytes } from 'node:crypto'
import { and, eq, isNull, sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { openDatabase } from '#server/db/client.ts'
import { clickIntake, dealEvents, deals, missions, providers } from '#server/db/schema.ts'
import { seedDemo } from '#server/db/seed.ts'
import { visitorHash } from '#server/features/deals/click-identity.ts'
import { createTestDatabase, type TestDatabase } from '../support/test-db'
import { makeUser } from '../support/test-users'
import {
  buildServerBundle,
  freePort,
  kill,
  killWhileAnswering,
  type ServerBundle,
  startServer as startBundle,
} from './crash-fixtures'
import { BROWSER_UA } from './deals-fixtures'

// 2 kills: one early in the burst, one later, each landing among appends and settlements in flight.
const KILLS = 2
const MIN_ANSWERS_BEFORE_KILL = 100
const KILL_AFTER_MS: [number, number] = [0, 400]
const REWARD_CENTS = 25

let bundle: ServerBundle
let database: TestDatabase

beforeAll(async () => {
  bundle = await buildServerBundle('click-crash')
  database = await createTestDatabase()
}, 60_000)

afterAll(async () => {
  await database?.cleanup()
  bundle?.cleanup()
})

// The test is the viewers' proxy: each tap names its viewer in X-Forwarded-For. The metrics token
// lets it read the settlement backlog the way an operator does.
const METRICS_TOKEN = randomBytes(24).toString('hex')
const startServer = (port: number) =>
  startBundle(bundle, { database, port, env: { TRUST_PROXY: '127.0.0.1', METRICS_TOKEN } })

interface Deal {
  id: string
  missionCode: string
  username: string
  token: string
}

/** A streamer with a deal on a cpc mission with no budget and a goal far away. */
async function prepare(): Promise<Deal> {
  const opened = await openDatabase({
    dataDir: database.dataDir,
    databaseUrl: database.databaseUrl,
  })
  try {
    const { db } = opened
    await seedDemo(db)
    const [provider] = await db.select({ id: providers.id }).from(providers).limit(1)
    if (!provider) throw new Error('the seed made no provider')
    const missionCode = `raid-${randomBytes(3).toString('hex')}`
    const [mission] = await db
      .insert(missions)
      .values({
        code: missionCode,
        providerId: provider.id,
        title: { en: 'Raid mission' },
        description: { en: 'A mission a raid clicks.' },
        tips: { en: 'Share the link.' },
        integration: {
          type: 'MIXTE',
          parameters: { URL: 'https://brand.example/go?ref=%username%' },
        },
        rewardModel: 'cpc',
        rewardCents: REWARD_CENTS,
        goal: 1_000_000,
        spots: 10,
        budgetCents: null,
        startsAt: new Date(Date.now() - 86_400_000),
        endsAt: null,
        status: 'published',
      })
      .returning({ id: missions.id })
    if (!mission) throw new Error('mission insert returned no row')
    const streamer = await makeUser(opened)
    const [deal] = await db
      .insert(deals)
      .values({
        code: `RAID${randomBytes(3).toString('hex').toUpperCase()}`,
        userId: streamer.id,
        missionId: mission.id,
        widgetToken: randomBytes(16).toString('hex'),
      })
      .returning({ id: deals.id })
    if (!deal) throw new Error('deal insert returned no row')
    return {
      id: deal.id,
      missionCode,
      username: streamer.username,
      token: streamer.token,
    }
  } finally {
    await opened.close()
  }
}

let nextViewer = 0
/** A new viewer's address each call: 10.x.y.z, one viewer per tap. */
const newViewer = () => {
  nextViewer += 1
  return `10.${(nextViewer >> 16) & 255}.${(nextViewer >> 8) & 255}.${nextViewer & 255}`
}

/** Taps until the server dies; remembers every viewer the server answered with the brand's page. */
async function burst(port: number, deal: Deal, answered: Set<string>, dead: () => boolean) {
  const worker = async () => {
    while (!dead()) {
      const viewer = newViewer()
      try {
        const response = await fetch(
          `http://127.0.0.1:${port}/redir/cpc/${deal.missionCode}/${deal.username}`,
          {
            redirect: 'manual',
            headers: { 'user-agent': BROWSER_UA, 'x-forwarded-for': viewer },
          },
        )
        if (response.status === 302) answered.add(viewer)
      } catch {
        // The connection died with the server: that tap may or may not have been taken in.
      }
    }
  }
  // 16 taps in flight: appends and settlement batches are both under way at the kill.
  await Promise.all(Array.from({ length: 16 }, worker))
}

/** Clicks taken in and not settled yet, as the operator's metrics report them. */
async function backlogOf(port: number): Promise<number> {
  const response = await fetch(`http://127.0.0.1:${port}/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  })
  expect(response.status).toBe(200)
  const line = /^streamdeals_click_settlement_backlog (\d+)/m.exec(await response.text())
  return Number(line?.[1] ?? Number.NaN)
}

async function progressOf(port: number, deal: Deal): Promise<number> {
  const response = await fetch(
    `http://127.0.0.1:${port}/api/deals/user/${deal.username}/mission/${deal.missionCode}`,
    {
      headers: { authorization: `Bearer ${deal.token}` },
    },
  )
  expect(response.status).toBe(200)
  return ((await response.json()) as { progress: number }).progress
}

test('SIGKILL in the middle of a raid loses no answered click and credits none twice', async () => {
  const deal = await prepare()
  const answered = new Set<string>()
  for (let round = 0; round < KILLS; round += 1) {
    const port = await freePort()
    const child = await startServer(port)
    let dead = false
    const running = burst(port, deal, answered, () => dead)
    await killWhileAnswering(child, () => answered.size, MIN_ANSWERS_BEFORE_KILL, KILL_AFTER_MS)
    dead = true
    await running
  }
  expect(answered.size).toBeGreaterThanOrEqual(KILLS * MIN_ANSWERS_BEFORE_KILL)

  // A restarted node settles what the killed ones left: the whole backlog, not merely as many clicks
  // as were answered (clicks taken in but never answered count too, and may settle first).
  const port = await freePort()
  const child = await startServer(port)
  try {
    const deadline = Date.now() + 60_000
    const settledAll = async () =>
      (await backlogOf(port)) === 0 && (await progressOf(port, deal)) >= answered.size
    while (!(await settledAll()) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  } finally {
    await kill(child)
  }

  const opened = await openDatabase({
    dataDir: database.dataDir,
    databaseUrl: database.databaseUrl,
  })
  try {
    const { db } = opened
    const intake = await db.select().from(clickIntake).where(eq(clickIntake.dealId, deal.id))
    // Taken in means settled (the last node was killed too: whatever it had not settled shows here).
    const pending = intake.filter((row) => row.settledAt === null).length
    const clicks = await db
      .select({
        visitorHash: dealEvents.visitorHash,
        valid: dealEvents.valid,
        occurrences: dealEvents.occurrences,
      })
      .from(dealEvents)
      .where(and(eq(dealEvents.dealId, deal.id), eq(dealEvents.type, 'click')))
    const credited = clicks.filter((click) => click.valid)
    // Each answered viewer: exactly one valid click.
    const perViewer = new Map<string, number>()
    for (const click of credited)
      perViewer.set(click.visitorHash ?? '', (perViewer.get(click.visitorHash ?? '') ?? 0) + 1)
    const lost = [...answered].filter((viewer) => perViewer.get(visitorHash(deal.id, viewer)) !== 1)
    expect(lost, 'answered viewers not credited exactly once').toEqual([])
    // Each settled intake row made exactly one click (one viewer each, so each one valid).
    const occurrences = clicks.reduce((sum, click) => sum + click.occurrences, 0)
    expect(occurrences).toBe(intake.length - pending)
    expect(credited.length).toBe(intake.length - pending)
    console.log(
      `click crash: ${answered.size} taps answered, ${intake.length} taken in, ${credited.length} credited, ${pending} left for the next start`,
    )
    const [row] = await db.select().from(deals).where(eq(deals.id, deal.id))
    expect(row?.progress).toBe(credited.length)
    expect(row?.earnedCents).toBe(credited.length * REWARD_CENTS)
    const [unsettled] = await db
      .select({ total: sql<number>`count(*)::int` })
      .from(clickIntake)
      .where(and(eq(clickIntake.dealId, deal.id), isNull(clickIntake.settledAt)))
    expect(Number(unsettled?.total)).toBe(pending)
  } finally {
    await opened.close()
  }
}, 300_000)
