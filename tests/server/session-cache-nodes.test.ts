import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import pg from 'pg'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { buildApp } from '#server/app.ts'
import { loadConfig } from '#server/config.ts'
import { listenerApplicationName } from '#server/db/notifications.ts'
import { SESSION_CHANNEL } from '#server/features/auth/revocation-feed.ts'
import { hashToken } from '#server/lib/tokens.ts'
import { call } from '../support/call'
import { createTestDatabase, type TestDatabase } from '../support/test-db'
import { makeUser, type TestUser } from '../support/test-users'
import { until } from './multi-node-fixtures'

/**
 * Two nodes on one PostgreSQL database, each remembering the sessions it checked: a
 * session revoked through one node is refused by the other at once, whatever revoked it, and a node
 * that may have missed a revocation (its feed from the database was cut) trusts nothing it remembers.
 * No Redis: the database itself announces revocations as they commit.
 */
const onPostgres = Boolean(process.env.DATABASE_URL) && process.env.TEST_DATABASE !== 'pglite'
if (!onPostgres) {
  console.warn(
    'session-cache-nodes.test.ts skipped: nodes share a database only on PostgreSQL. Run ' +
      'DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx vitest run --project server-pg ' +
      'tests/server/session-cache-nodes.test.ts',
  )
}

let database: TestDatabase
let workDir: string
let nodeA: FastifyInstance
let nodeB: FastifyInstance

async function startNode(name: string): Promise<FastifyInstance> {
  const config = loadConfig({
    DATA_DIR: join(workDir, name),
    DATABASE_URL: database.databaseUrl ?? '',
    SEED_DEMO: '1',
    LOG_LEVEL: 'silent',
    CLIENT_DIR: join(workDir, 'no-client'),
  })
  const app = await buildApp({ config, logger: false })
  await app.ready()
  return app
}

/** Runs SQL as an operator would, from outside the app. */
async function operator(statement: string, values: unknown[]): Promise<void> {
  const client = new pg.Client({ connectionString: database.databaseUrl })
  await client.connect()
  try {
    await client.query(statement, values)
  } finally {
    await client.end()
  }
}

beforeAll(async () => {
  if (!onPostgres) return
  database = await createTestDatabase()
  workDir = mkdtempSync(join(tmpdir(), 'streamdeals-session-nodes-'))
  nodeA = await startNode('a')
  nodeB = await startNode('b')
})

afterAll(async () => {
  if (!onPostgres) return
  await nodeA?.close()
  await nodeB?.close()
  await database?.cleanup()
  rmSync(workDir, { recursive: true, force: true })
})

const dealsOf = (node: FastifyInstance, user: TestUser) =>
  call(node, 'userDeals', { params: { username: user.username }, headers: user.auth })

/** A user whose session both nodes have just checked (and so remember). */
async function signedInOnBothNodes(): Promise<TestUser> {
  const user = await makeUser(nodeA, { username: `cache${randomBytes(4).toString('hex')}` })
  for (const node of [nodeA, nodeB]) {
    for (let i = 0; i < 3; i++) expect((await dealsOf(node, user)).statusCode).toBe(200)
  }
  return user
}

test.runIf(onPostgres)('a logout on one node is refused on the other at once', async () => {
  // The logout answers once every node acknowledged dropping the session: no wait, no retry here.
  const user = await signedInOnBothNodes()
  const logout = await call(nodeA, 'logout', { headers: user.auth })
  expect(logout.statusCode).toBe(204)
  expect((await dealsOf(nodeB, user)).statusCode).toBe(401)
  expect((await dealsOf(nodeA, user)).statusCode).toBe(401)
})

test.runIf(onPostgres)('a session revoked in the database by hand is refused on both nodes', async () => {
  const user = await signedInOnBothNodes()
  await operator('update sessions set revoked_at = now() where token_hash = $1', [hashToken(user.token)])
  // Nobody waits for an operator's UPDATE: each node drops the session as the announcement arrives.
  await until(async () => (await dealsOf(nodeB, user)).statusCode === 401, 'node b refusing the session')
  await until(async () => (await dealsOf(nodeA, user)).statusCode === 401, 'node a refusing the session')
})

test.runIf(onPostgres)('an admin demoted in the database loses the admin API on both nodes', async () => {
  const admin = await makeUser(nodeA, {
    username: `cacheadmin${randomBytes(4).toString('hex')}`,
    admin: true,
  })
  const users = (node: FastifyInstance) => call(node, 'adminUsers', { headers: admin.auth })
  for (const node of [nodeA, nodeB]) expect((await users(node)).statusCode).toBe(200)
  await operator(`update users set roles = '{user}' where id = $1`, [admin.id])
  await until(async () => (await users(nodeB)).statusCode === 403, 'node b refusing the demoted admin')
  await until(async () => (await users(nodeA)).statusCode === 403, 'node a refusing the demoted admin')
})

test.runIf(onPostgres)('a node whose feed was cut trusts nothing it remembers', async () => {
  const user = await signedInOnBothNodes()
  // Both nodes lose their connection to the feed; the revocation lands while nobody listens.
  await operator(
    'select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1 and datname = current_database()',
    [listenerApplicationName(SESSION_CHANNEL)],
  )
  await operator('update sessions set revoked_at = now() where token_hash = $1', [hashToken(user.token)])
  // Nothing announced it: each node refuses it anyway, well before the remembered entry would expire
  // (a minute), because a lost feed empties the memory and a new one starts it afresh.
  await until(async () => (await dealsOf(nodeB, user)).statusCode === 401, 'node b refusing the session')
  await until(async () => (await dealsOf(nodeA, user)).statusCode === 401, 'node a refusing the session')
  // And once the feed is back, sessions are remembered and revocations heard again.
  const next = await signedInOnBothNodes()
  const logout = await call(nodeB, 'logout', { headers: next.auth })
  expect(logout.statusCode).toBe(204)
  expect((await dealsOf(nodeA, next)).statusCode).toBe(401)
})
