/**
 * Signed-in reads answered from memory must never show a streamer something older than
 * what they or anyone else changed: every change reaches the cache from the database itself
 * (migration 0004's triggers), whoever made it — a request, a job, an operator's UPDATE — and the
 * writer's own next read sees its write at once. Runs on PGlite and, with DATABASE_URL, on PostgreSQL
 * with two nodes sharing the database.
 */
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { sql } from 'drizzle-orm'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { buildApp } from '#server/app.ts'
import { loadConfig } from '#server/config.ts'
import { openDatabase } from '#server/db/client.ts'
import { listenerApplicationName, listenPostgres } from '#server/db/notifications.ts'
import { ensureWalletRow, postLedgerEntry } from '#server/features/wallet/ledger-service.ts'
import { READS_CHANNEL } from '#server/plugins/read-cache.ts'
import { call } from '../support/call'
import { createTestDatabase, type TestDatabase } from '../support/test-db'
import { makeUser, type TestUser } from '../support/test-users'
import { makeMission } from './deals-fixtures'
import { startSlowListenerLink, until } from './multi-node-fixtures'
import { personBody, viewerClick } from './wallet-fixtures'

const onPostgres = Boolean(process.env.DATABASE_URL) && process.env.TEST_DATABASE !== 'pglite'

let database: TestDatabase
let workDir: string
let app: FastifyInstance
/** A second node on the same PostgreSQL database (PostgreSQL runs only). */
let otherNode: FastifyInstance | undefined
const statements: string[] = []

async function startNode(
  name: string,
  onQuery?: (statement: string) => void,
  databaseUrl = database.databaseUrl,
): Promise<FastifyInstance> {
  const opened = await openDatabase({
    databaseUrl,
    dataDir: database.dataDir,
    ...(onQuery ? { onQuery } : {}),
  })
  const config = loadConfig({
    DATA_DIR: database.dataDir,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    SEED_DEMO: '1',
    LOG_LEVEL: 'silent',
    CLIENT_DIR: join(workDir, `no-client-${name}`),
  })
  const node = await buildApp({ config, database: opened, logger: false })
  node.addHook('onClose', () => opened.close())
  await node.ready()
  return node
}

beforeAll(async () => {
  database = await createTestDatabase()
  workDir = mkdtempSync(join(tmpdir(), 'streamdeals-read-cache-'))
  app = await startNode('a', (statement) => statements.push(statement))
  if (onPostgres) otherNode = await startNode('b')
})

afterAll(async () => {
  await otherNode?.close()
  await app?.close()
  await database?.cleanup()
  if (workDir) rmSync(workDir, { recursive: true, force: true })
})

/** A remembered read, sent by any user (an admin reads others' too) to either node. */
interface Read {
  label: string
  send(
    node: FastifyInstance,
    user: TestUser,
    headers?: Record<string, string>,
  ): Promise<LightMyRequestResponse>
}

const dealsOf = (streamer: TestUser): Read => ({
  label: 'userDeals',
  send: (node, user, headers) =>
    call(node, 'userDeals', {
      params: { username: streamer.username },
      headers: { ...user.auth, ...headers },
    }),
})
const walletOf = (streamer: TestUser): Read => ({
  label: 'walletGet',
  send: (node, user) =>
    call(node, 'walletGet', { params: { username: streamer.username }, headers: user.auth }),
})
const summaryOf = (streamer: TestUser): Read => ({
  label: 'walletSummary',
  send: (node, user) =>
    call(node, 'walletSummary', {
      params: { username: streamer.username },
      query: { tz: 'Europe/Paris' },
      headers: user.auth,
    }),
})
const available: Read = {
  label: 'missions (not taken)',
  send: (node, user) => call(node, 'missions', { query: { exclude_current_user: '1' }, headers: user.auth }),
}

const get = (node: FastifyInstance, read: Read, user: TestUser) => read.send(node, user)

/** The statements a read ran on the counting node, and its JSON answer. */
async function countedRead(read: Read, user: TestUser) {
  statements.length = 0
  const response = await get(app, read, user)
  expect(response.statusCode, read.label).toBe(200)
  return { ran: statements.length, body: response.json() }
}

const take = (code: string, streamer: TestUser) =>
  call(app, 'subscriptionCreate', { params: { code, username: streamer.username }, headers: streamer.auth })

const createWallet = (streamer: TestUser) =>
  call(app, 'walletCreate', {
    params: { username: streamer.username },
    headers: streamer.auth,
    body: personBody,
  })

async function streamerWithDeal() {
  const streamer = await makeUser(app, { username: `cache${randomBytes(4).toString('hex')}` })
  const code = await makeMission(app)
  expect((await take(code, streamer)).statusCode).toBe(201)
  return { streamer, code, deals: dealsOf(streamer) }
}

const progressOf = (body: { items: Array<{ mission: { code: string }; progress: number }> }, code: string) =>
  body.items.find((deal) => deal.mission.code === code)?.progress

test('a repeated read is answered from memory: no statement runs', async () => {
  const { streamer, deals } = await streamerWithDeal()
  const wallet = await createWallet(streamer)
  expect(wallet.statusCode).toBe(201)
  for (const read of [deals, walletOf(streamer), summaryOf(streamer), available]) {
    await countedRead(read, streamer)
    expect((await countedRead(read, streamer)).ran, read.label).toBe(0)
  }
})

test("an operator's UPDATE, made outside the app, shows on the next read", async () => {
  const { streamer, code, deals } = await streamerWithDeal()
  expect(progressOf((await countedRead(deals, streamer)).body, code)).toBe(0)
  // Straight in the database: no code of ours runs, only the trigger can tell the cache.
  await app.db.execute(
    sql`update deals set progress = 7 where user_id = ${streamer.id} and mission_id =
        (select id from missions where code = ${code})`,
  )
  await until(async () => progressOf((await countedRead(deals, streamer)).body, code) === 7, 'progress 7')
})

test('a change of a mission shows in the deal lists of everyone who has it', async () => {
  const { streamer, code, deals } = await streamerWithDeal()
  await countedRead(deals, streamer)
  await app.db.execute(sql`update missions set title = '{"en":"Renamed by the brand"}' where code = ${code}`)
  await until(async () => {
    const { body } = await countedRead(deals, streamer)
    return body.items.some(
      (deal: { mission: { title: string } }) => deal.mission.title === 'Renamed by the brand',
    )
  }, 'the new title')
})

test('the writer reads its own write at once: a mission taken leaves the available list', async () => {
  const streamer = await makeUser(app, { username: `cache${randomBytes(4).toString('hex')}` })
  const code = await makeMission(app)
  const codes = async () =>
    (await countedRead(available, streamer)).body.items.map((mission: { code: string }) => mission.code)
  expect(await codes()).toContain(code)
  const taken = await take(code, streamer)
  expect(taken.statusCode).toBe(201)
  // No waiting: the very next read must not offer the mission again.
  expect(await codes()).not.toContain(code)
  // Lists without other missions are shared between users: this one is not another user's.
  const other = await makeUser(app, { username: `cache${randomBytes(4).toString('hex')}` })
  const offered = (await countedRead(available, other)).body.items.map(
    (mission: { code: string }) => mission.code,
  )
  expect(offered).toContain(code)
  expect(await codes()).not.toContain(code)
})

test('pending earnings become available on time, with no write to announce it', async () => {
  const streamer = await makeUser(app, { username: `cache${randomBytes(4).toString('hex')}` })
  const created = await createWallet(streamer)
  expect(created.statusCode).toBe(201)
  await app.db.transaction(async (tx) => {
    const walletId = await ensureWalletRow(tx, streamer.id)
    await postLedgerEntry(tx, {
      walletId,
      kind: 'earning',
      amountCents: 300,
      description: 'Held',
      holdHours: 1,
    })
    // Holds last hours; this one ends in a second and a half.
    await tx.execute(
      sql`update ledger_entries set available_at = now() + interval '1500 milliseconds' where wallet_id = ${walletId}`,
    )
  })
  for (const read of [walletOf(streamer), summaryOf(streamer)]) {
    await until(async () => (await countedRead(read, streamer)).body.pending.amount === 300, 'pending 300')
  }
  // The hold ends by the clock alone; neither the remembered wallet nor its summary may outlive it.
  for (const read of [walletOf(streamer), summaryOf(streamer)]) {
    await until(
      async () => (await countedRead(read, streamer)).body.pending.amount === 0,
      `${read.label}: pending 0`,
    )
    expect((await countedRead(read, streamer)).body.available.amount).toBe(300)
  }
})

test("a viewer's valid click shows in today's summary: no request of the streamer announces it", async () => {
  const { streamer, code } = await streamerWithDeal()
  const summary = summaryOf(streamer)
  expect((await countedRead(summary, streamer)).body.today.clicks).toBe(0)
  expect((await viewerClick(app, code, streamer.username)).statusCode).toBeLessThan(300)
  await until(async () => (await countedRead(summary, streamer)).body.today.clicks === 1, 'one click today')
})

test.runIf(onPostgres)('a write through one node reaches the memory of the other', async () => {
  const node = otherNode as FastifyInstance
  const { streamer, code, deals } = await streamerWithDeal()
  // Both nodes remember the list with the mission in progress.
  for (const reader of [app, node]) expect((await get(reader, deals, streamer)).statusCode).toBe(200)
  const stopped = await call(node, 'userDealStop', {
    params: { username: streamer.username, code },
    headers: streamer.auth,
  })
  expect(stopped.statusCode).toBe(200)
  await until(async () => {
    const list = (await get(app, deals, streamer)).json()
    return (
      list.items.find((deal: { mission: { code: string } }) => deal.mission.code === code)?.state ===
      'stopped'
    )
  }, 'node a showing the stopped deal')
})

test("an admin reading another user is never answered from that user's memory", async () => {
  const { streamer, deals } = await streamerWithDeal()
  const admin = await makeUser(app, { username: `cacheadmin${randomBytes(4).toString('hex')}`, admin: true })
  await countedRead(deals, streamer)
  await countedRead(deals, admin)
  expect((await countedRead(deals, admin)).ran).toBeGreaterThan(0)
})

test("someone else's write shows on the next read at once: an admin stopping a streamer's deal", async () => {
  // On PostgreSQL, through a node whose listener hears everything 150 ms late: a write answered before
  // its announcement was heard would leave the streamer's remembered list behind.
  const slowLink = onPostgres ? await startSlowListenerLink(database.databaseUrl as string, 150) : undefined
  const node = slowLink ? await startNode('slow', undefined, slowLink.databaseUrl) : app
  try {
    await until(() => node.readCache.live, 'the node listening')
    const admin = await makeUser(app, {
      username: `cacheadmin${randomBytes(4).toString('hex')}`,
      admin: true,
    })
    for (let round = 0; round < 3; round += 1) {
      const { streamer, code, deals } = await streamerWithDeal()
      const stateOf = async () => {
        const response = await get(node, deals, streamer)
        expect(response.statusCode).toBe(200)
        return response.json().items.find((deal: { mission: { code: string } }) => deal.mission.code === code)
      }
      const deal = await stateOf()
      expect(deal?.state).toBe('inprogress')
      const stopped = await call(node, 'adminDealState', {
        params: { code: deal.code },
        headers: admin.auth,
        body: { state: 'stopped' },
      })
      expect(stopped.statusCode).toBe(200)
      // No waiting: the streamer's very next read on the node that answered the write.
      expect((await stateOf())?.state, `round ${round}`).toBe('stopped')
    }
  } finally {
    if (node !== app) await node.close()
    await slowLink?.close()
  }
})

test.runIf(onPostgres)(
  "a node's wait for its own announcements is never ended by another node's marker",
  async () => {
    const url = database.databaseUrl as string
    const slowLink = await startSlowListenerLink(url, 300)
    const heardBySlow: string[] = []
    let fastLive = false
    let slowLive = false
    const fast = listenPostgres(url, 'marks_probe', {
      message: () => undefined,
      live: (isLive) => {
        fastLive = isLive
      },
    })
    const slow = listenPostgres(slowLink.databaseUrl, 'marks_probe', {
      message: (payload) => heardBySlow.push(payload),
      live: (isLive) => {
        slowLive = isLive
      },
    })
    try {
      await until(() => fastLive && slowLive, 'both feeds listening')
      // The other node's marker commits first, then a write; the slow node hears both 300 ms late.
      await fast.caughtUp()
      await app.db.execute(sql`select pg_notify('marks_probe', 'the write')`)
      await slow.caughtUp()
      expect(heardBySlow).toContain('the write')
    } finally {
      await fast.close()
      await slow.close()
      await slowLink.close()
    }
  },
)

test.runIf(onPostgres)('a node whose feed was cut answers nothing from memory', async () => {
  const { streamer, code, deals } = await streamerWithDeal()
  await countedRead(deals, streamer)
  // The node's listening connection dies; the change lands while nobody listens.
  await app.db.execute(
    sql`select pg_terminate_backend(pid) from pg_stat_activity
        where application_name = ${listenerApplicationName(READS_CHANNEL)} and datname = current_database()`,
  )
  await app.db.execute(
    sql`update deals set progress = 3 where user_id = ${streamer.id} and mission_id =
        (select id from missions where code = ${code})`,
  )
  // Well before the remembered answer's minute is up, the node reads the database again.
  await until(async () => progressOf((await countedRead(deals, streamer)).body, code) === 3, 'progress 3')
  // Once the feed is back, answers are remembered again.
  await until(() => app.readCache.live, 'the feed back')
  await countedRead(deals, streamer)
  expect((await countedRead(deals, streamer)).ran).toBe(0)
})

test('a remembered answer goes compressed to browsers, and decodes to the same JSON', async () => {
  const { streamer, deals } = await streamerWithDeal()
  // A list long enough to be worth compressing (from 1 KB).
  for (const code of [await makeMission(app), await makeMission(app)]) {
    expect((await take(code, streamer)).statusCode).toBe(201)
  }
  const plain = await get(app, deals, streamer)
  expect(plain.headers['content-encoding']).toBeUndefined()
  for (const encoding of ['br', 'gzip'] as const) {
    const response = await deals.send(app, streamer, { 'accept-encoding': `${encoding}, deflate` })
    expect(response.headers['content-encoding']).toBe(encoding)
    expect(response.headers.vary).toMatch(/origin, accept-encoding/i)
    const decoded =
      encoding === 'br' ? brotliDecompressSync(response.rawPayload) : gunzipSync(response.rawPayload)
    expect(JSON.parse(decoded.toString('utf8'))).toEqual(plain.json())
  }
})

test('the public catalogue goes compressed too, and decodes to the same JSON', async () => {
  const plain = await call(app, 'missions')
  const compressed = await call(app, 'missions', { headers: { 'accept-encoding': 'br' } })
  expect(compressed.headers['content-encoding']).toBe('br')
  expect(JSON.parse(brotliDecompressSync(compressed.rawPayload).toString('utf8'))).toEqual(plain.json())
})
