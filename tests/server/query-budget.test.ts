/**
 * What every streamer loads on every visit costs one statement each: the deal list, a
 * deal, the wallet, its transactions and the missions still available. Not timed (benchmarks stay out
 * of `npm test`): the statements each request runs are counted through the database's query probe.
 * An N+1, a second lookup of the owner or a session read on every request shows as a count over budget.
 */
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { buildApp } from '#server/app.ts'
import { loadConfig } from '#server/config.ts'
import { openDatabase } from '#server/db/client.ts'
import { ensureWalletRow, postLedgerEntry } from '#server/features/wallet/ledger-service.ts'
import { emitWalletUpdated } from '#server/features/wallet/wallet-service.ts'
import { call } from '../support/call'
import { createTestDatabase, type TestDatabase } from '../support/test-db'
import { makeUser, type TestUser } from '../support/test-users'
import { makeMission } from './deals-fixtures'
import { personBody } from './wallet-fixtures'

// Statements per signed-in read once the node knows the session (it remembers sessions it checked).
const BUDGET = {
  dealList: 1,
  deal: 1,
  wallet: 1,
  transactions: 1,
  // The grouped history: a page is one statement, grouping in SQL; and the summary.
  activity: 1,
  activityNextPage: 1,
  activityFiltered: 1,
  summary: 1,
  availableMissions: 1,
  // A mission's preview: published ones come from the cached catalogue.
  mission: 1,
} as const
// A session this node has not seen yet costs one more: the session lookup.
const FIRST_REQUEST_EXTRA = 1

let database: TestDatabase
let workDir: string
let app: FastifyInstance
let streamer: TestUser
let takenMission: string
const statements: string[] = []
let counting = false
// The node's background work (click settlement, push and webhook outboxes, the webhooks' budget
// watch after a deal change) runs on its own clocks; landing inside a counted request, it is not the
// request's statement.
const backgroundLoop =
  /\b"?(click_intake|push_outbox|brand_webhook_deliveries|brand_webhooks)"?\b|sum\(d\.earned_cents\)/

beforeAll(async () => {
  database = await createTestDatabase()
  workDir = mkdtempSync(join(tmpdir(), 'streamdeals-query-budget-'))
  const opened = await openDatabase({
    databaseUrl: database.databaseUrl,
    dataDir: database.dataDir,
    onQuery: (statement) => {
      if (counting && !backgroundLoop.test(statement)) statements.push(statement)
    },
  })
  const config = loadConfig({
    DATA_DIR: database.dataDir,
    ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
    SEED_DEMO: '1',
    LOG_LEVEL: 'silent',
    CLIENT_DIR: join(workDir, 'no-client'),
  })
  app = await buildApp({ config, database: opened, logger: false })
  app.addHook('onClose', () => opened.close())
  await app.ready()

  streamer = await makeUser(app, { username: `budget${randomBytes(4).toString('hex')}` })
  // A streamer with history: deals running and stopped, a created wallet, a page and more of ledger.
  for (const state of ['inprogress', 'inprogress', 'stopped', 'stopped']) {
    const code = await makeMission(app)
    const deal = { params: { code, username: streamer.username }, headers: streamer.auth }
    const taken = await call(app, 'subscriptionCreate', deal)
    expect(taken.statusCode).toBe(201)
    takenMission = code
    if (state !== 'inprogress') await call(app, 'userDealStop', deal)
  }
  const wallet = await call(app, 'walletCreate', {
    params: { username: streamer.username },
    headers: streamer.auth,
    body: personBody,
  })
  expect(wallet.statusCode).toBe(201)
  await app.db.transaction(async (tx) => {
    const walletId = await ensureWalletRow(tx, streamer.id)
    for (let entry = 0; entry < 30; entry++) {
      await postLedgerEntry(tx, {
        walletId,
        kind: 'adjustment',
        amountCents: 100,
        description: `Entry ${entry}`,
      })
    }
  })
})

let activityCursor = ''
beforeAll(async () => {
  const first = await call(app, 'walletActivity', {
    params: { username: streamer.username },
    query: { limit: '5' },
    headers: streamer.auth,
  })
  activityCursor = first.answer().nextCursor ?? ''
  expect(activityCursor).toBeTruthy()
})

afterAll(async () => {
  await app?.close()
  await database?.cleanup()
  if (workDir) rmSync(workDir, { recursive: true, force: true })
})

/** A read as the client sends it, with the caller's headers. */
type Read = (headers: Record<string, string>) => Promise<LightMyRequestResponse>

/** The statements one request runs, and its answer's status. */
async function counted(read: Read, headers: Record<string, string>) {
  statements.length = 0
  counting = true
  try {
    const response = await read(headers)
    return { status: response.statusCode, statements: [...statements] }
  } finally {
    counting = false
  }
}

const reads = (): Array<[keyof typeof BUDGET, Read]> => {
  const username = streamer.username
  const wallet = { username }
  return [
    ['dealList', (headers) => call(app, 'userDeals', { params: { username }, headers })],
    ['deal', (headers) => call(app, 'userDeal', { params: { username, code: takenMission }, headers })],
    ['wallet', (headers) => call(app, 'walletGet', { params: wallet, headers })],
    ['transactions', (headers) => call(app, 'walletTransactions', { params: wallet, headers })],
    [
      'activity',
      (headers) => call(app, 'walletActivity', { params: wallet, query: { tz: 'Europe/Paris' }, headers }),
    ],
    [
      'activityNextPage',
      (headers) =>
        call(app, 'walletActivity', {
          params: wallet,
          query: { limit: '5', cursor: activityCursor },
          headers,
        }),
    ],
    [
      'activityFiltered',
      (headers) =>
        call(app, 'walletActivity', {
          params: wallet,
          query: { kind: 'adjustment', tz: 'Europe/Paris' },
          headers,
        }),
    ],
    [
      'summary',
      (headers) => call(app, 'walletSummary', { params: wallet, query: { tz: 'Europe/Paris' }, headers }),
    ],
    [
      'availableMissions',
      (headers) => call(app, 'missions', { query: { exclude_current_user: '1' }, headers }),
    ],
    ['mission', (headers) => call(app, 'mission', { params: { code: 'starfall-wishlist' }, headers })],
  ]
}

test('each signed-in read runs at most its budget of statements', async () => {
  for (const [name, read] of reads()) {
    // The first call warms what a node keeps between requests (the session, the 2-second catalogue).
    expect((await counted(read, streamer.auth)).status, name).toBe(200)
    const { status, statements: ran } = await counted(read, streamer.auth)
    expect(status, name).toBe(200)
    expect(ran.length, `${name} ran ${ran.length} statements:\n${ran.join('\n')}`).toBeLessThanOrEqual(
      BUDGET[name],
    )
  }
})

test('a session the node has not seen yet costs one statement more, once', async () => {
  const fresh = await makeUser(app, { username: `budgetfresh${randomBytes(4).toString('hex')}` })
  const read: Read = (headers) => call(app, 'userDeals', { params: { username: fresh.username }, headers })
  const first = await counted(read, fresh.auth)
  expect(first.status).toBe(200)
  expect(first.statements.length).toBeLessThanOrEqual(BUDGET.dealList + FIRST_REQUEST_EXTRA)
  const second = await counted(read, fresh.auth)
  expect(second.statements.length).toBeLessThanOrEqual(BUDGET.dealList)
})

test('an admin reading another user runs a bounded number of statements too', async () => {
  const admin = await makeUser(app, { username: `budgetadmin${randomBytes(4).toString('hex')}`, admin: true })
  for (const [name, read] of reads().filter(([kind]) => kind !== 'availableMissions')) {
    await counted(read, admin.auth)
    const { status, statements: ran } = await counted(read, admin.auth)
    expect(status, name).toBe(200)
    // The owner is looked up by name for anyone but the owner: one statement more at most.
    expect(ran.length, `${name} ran ${ran.length} statements:\n${ran.join('\n')}`).toBeLessThanOrEqual(
      BUDGET[name] + 1,
    )
  }
})

test('a wallet change is read only where a socket of its user listens', async () => {
  // A raid credits forty streamers several times a second, most with no page open: no socket of the
  // user on this node, no wallet read (other nodes are told, and read it if they hold one).
  statements.length = 0
  counting = true
  try {
    await Promise.all(Array.from({ length: 10 }, () => emitWalletUpdated(app, streamer.id)))
  } finally {
    counting = false
  }
  expect(statements.filter((statement) => /from "wallets"/.test(statement))).toEqual([])
})
