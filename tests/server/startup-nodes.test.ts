import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { count, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { buildApp } from '#server/app.ts'
import { loadConfig } from '#server/config.ts'
import { content, missions, providers, users } from '#server/db/schema.ts'
import { demoFaq } from '#server/db/seed-faq.ts'
import { demoMissions, demoProviders } from '#server/db/seed-missions.ts'
import { demoHome, demoTerms } from '#server/db/seed-pages.ts'
import { call } from '../support/call'
import { createTestDatabase, type TestDatabase, testDatabaseKind } from '../support/test-db'

/**
 * The README's scale-out section runs several nodes with the same settings; on a new PostgreSQL
 * database they all start at once and each one migrates, seeds and bootstraps the administrator.
 * Only PostgreSQL has several nodes on one database: the embedded database skips this file.
 */
const onPostgres = testDatabaseKind() === 'postgres'
// Three, not two: a third node waiting on the lock behind a second catches a lock held too briefly.
const NODE_COUNT = 3
// The three languages the seed writes each content entry in (seed.ts).
const SEEDED_LOCALES = 3

let database: TestDatabase
let workDir: string
const started: FastifyInstance[] = []

beforeAll(async () => {
  if (!onPostgres) return
  database = await createTestDatabase()
  workDir = mkdtempSync(join(tmpdir(), 'streamdeals-startup-'))
})

afterAll(async () => {
  if (!onPostgres) return
  for (const app of started) await app.close()
  await database.cleanup()
  rmSync(workDir, { recursive: true, force: true })
})

const nodeConfig = (name: string) => {
  if (!database.databaseUrl) throw new Error('the nodes need a shared PostgreSQL database')
  return loadConfig({
    DATA_DIR: join(workDir, name),
    DATABASE_URL: database.databaseUrl,
    SEED_DEMO: '1',
    ADMIN_USERNAME: 'Operator',
    ADMIN_EMAIL: 'operator@streamdeals.test',
    ADMIN_PASSWORD: 'a long admin password 1',
    LOG_LEVEL: 'silent',
    CLIENT_DIR: join(workDir, 'no-client'),
  })
}

/** The database's own words (`duplicate key value violates ...`), not only the query that failed. */
const startFailure = (reason: unknown): string => {
  if (!(reason instanceof Error)) return String(reason)
  return reason.cause instanceof Error ? `${reason.message}: ${reason.cause.message}` : reason.message
}

test.skipIf(!onPostgres)(
  'three nodes started at once on an empty database all become ready, with one admin and one seed',
  async () => {
    const results = await Promise.allSettled(
      Array.from({ length: NODE_COUNT }, (_, index) =>
        buildApp({ config: nodeConfig(`node-${index}`), logger: false }),
      ),
    )
    for (const result of results) if (result.status === 'fulfilled') started.push(result.value)
    // The reasons are part of the expectation, so a failed start-up shows its error (e.g. a duplicate key).
    expect(
      results.map((result) => (result.status === 'fulfilled' ? 'started' : startFailure(result.reason))),
    ).toEqual(Array(NODE_COUNT).fill('started'))

    for (const app of started) {
      const ready = await app.inject({ url: '/readyz' })
      expect(ready.statusCode).toBe(200)
    }

    const [first] = started
    if (!first) throw new Error('no node started')
    const admins = await first.db
      .select({ username: users.username })
      .from(users)
      .where(sql`'admin' = any(${users.roles})`)
    expect(admins).toEqual([{ username: 'Operator' }])

    const total = async (table: typeof providers | typeof missions | typeof content) =>
      (await first.db.select({ n: count() }).from(table))[0]?.n
    expect(await total(providers)).toBe(demoProviders.length)
    expect(await total(missions)).toBe(demoMissions.length)
    expect(await total(content)).toBe((demoFaq.length + demoTerms.length + demoHome.length) * SEEDED_LOCALES)

    const signIn = await call(first, 'signin', {
      body: { username: 'operator', plainPassword: 'a long admin password 1' },
    })
    expect(signIn.statusCode).toBe(200)
  },
)
