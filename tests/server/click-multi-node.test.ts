/**
 * Two server nodes on one PostgreSQL database and one Redis take the same raid: each node's settlement
 * loop claims pending clicks (SKIP LOCKED, one settler per deal at a time), so no click is credited
 * twice, none is lost, and the deal stops exactly at its goal.
 */
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { and, eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { buildApp } from '#server/app.ts'
import { loadConfig } from '#server/config.ts'
import { clickIntake, dealEvents, ledgerEntries } from '#server/db/schema.ts'
import { settleMissionBatch } from '#server/features/deals/click-settlement.ts'
import { createTestDatabase, type TestDatabase } from '../support/test-db'
import { makeUser, type TestUser } from '../support/test-users'
import { dealRow, settlement, takeMission, tap } from './click-fraud-fixtures'

const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379'
// Nodes share a database only on PostgreSQL: the `server` project (PGlite) skips, `server-pg` runs.
const onPostgres = Boolean(process.env.DATABASE_URL) && process.env.TEST_DATABASE !== 'pglite'

let database: TestDatabase
let workDir: string
const nodes: FastifyInstance[] = []
let streamer: TestUser

async function startNode(name: string): Promise<FastifyInstance> {
  if (!database.databaseUrl) throw new Error('the nodes need a shared PostgreSQL database')
  const config = loadConfig({
    DATA_DIR: join(workDir, name),
    DATABASE_URL: database.databaseUrl,
    REDIS_URL: redisUrl,
    SEED_DEMO: '1',
    LOG_LEVEL: 'silent',
    CLIENT_DIR: join(workDir, 'no-client'),
  })
  const app = await buildApp({ config, logger: false })
  await app.ready()
  nodes.push(app)
  return app
}

beforeAll(async () => {
  if (!onPostgres) return
  database = await createTestDatabase()
  workDir = mkdtempSync(join(tmpdir(), 'streamdeals-click-nodes-'))
  // One after the other: the first migrates and seeds the shared database, the second finds it ready.
  await startNode('a')
  await startNode('b')
  streamer = await makeUser(nodes[0] as FastifyInstance, {
    username: `raid${randomBytes(3).toString('hex')}`,
  })
})

afterAll(async () => {
  if (!onPostgres) return
  for (const node of nodes) await node.close()
  await database?.cleanup()
  rmSync(workDir, { recursive: true, force: true })
})

test.skipIf(!onPostgres)(
  'a raid split over two nodes credits each viewer once and stops at the goal',
  async () => {
    const [nodeA, nodeB] = nodes as [FastifyInstance, FastifyInstance]
    const { mission, dealId } = await takeMission(nodeA, streamer, { goal: 150, spots: 10 })
    // 200 viewers, each tapping twice, once on each node, all at once.
    const taps = Array.from({ length: 200 }, (_, viewer) => {
      const ip = `10.9.${viewer >> 8}.${viewer & 255}`
      return [tap(nodeA, mission, streamer.username, { ip }), tap(nodeB, mission, streamer.username, { ip })]
    }).flat()
    for (const answer of await Promise.all(taps)) expect(answer.statusCode).toBe(302)
    await settlement(nodeA)

    const deal = await dealRow(nodeA, dealId)
    expect(deal).toMatchObject({ state: 'finished', progress: 150, earnedCents: 150 * 25 })
    const credited = await nodeA.db
      .select({ visitorHash: dealEvents.visitorHash })
      .from(dealEvents)
      .where(and(eq(dealEvents.dealId, dealId), eq(dealEvents.type, 'click'), eq(dealEvents.valid, true)))
    expect(credited).toHaveLength(150)
    expect(new Set(credited.map((row) => row.visitorHash)).size).toBe(150)
    const [paid] = await nodeA.db
      .select({ total: sql<number>`coalesce(sum(${ledgerEntries.amountCents}), 0)::int` })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.dealId, dealId))
    expect(Number(paid?.total)).toBe(150 * 25)
    // Every tap taken in was settled into exactly one click occurrence, by one node or the other.
    const [occurrences] = await nodeA.db
      .select({ total: sql<number>`sum(${dealEvents.occurrences})::int` })
      .from(dealEvents)
      .where(and(eq(dealEvents.dealId, dealId), eq(dealEvents.type, 'click')))
    const intake = await nodeA.db.select().from(clickIntake).where(eq(clickIntake.dealId, dealId))
    expect(intake).toHaveLength(400)
    expect(Number(occurrences?.total)).toBe(400)
  },
)

test.skipIf(!onPostgres)(
  'settlers racing on both nodes over the same pending clicks settle each once',
  async () => {
    const [nodeA, nodeB] = nodes as [FastifyInstance, FastifyInstance]
    const { mission, dealId } = await takeMission(nodeA, streamer)
    const { missionId } = await dealRow(nodeA, dealId)
    for (let round = 0; round < 10; round += 1) {
      const taps = Array.from({ length: 30 }, (_, viewer) =>
        tap(round % 2 ? nodeA : nodeB, mission, streamer.username, { ip: `10.8.${round}.${viewer + 1}` }),
      )
      await Promise.all(taps)
      // Four settlers at once besides the nodes' own loops, again and again until nothing is left.
      const race = () => settleMissionBatch((round % 2 ? nodeA : nodeB).db, missionId, 0)
      for (let attempt = 0; attempt < 20; attempt += 1) await Promise.all([race(), race(), race(), race()])
    }
    await settlement(nodeA)
    const [occurrences] = await nodeA.db
      .select({ total: sql<number>`sum(${dealEvents.occurrences})::int` })
      .from(dealEvents)
      .where(and(eq(dealEvents.dealId, dealId), eq(dealEvents.type, 'click')))
    expect(Number(occurrences?.total)).toBe(300)
    expect((await dealRow(nodeA, dealId)).progress).toBe(300)
  },
)
