import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { count, eq, getTableName, is, sql } from 'drizzle-orm'
import { PgTable } from 'drizzle-orm/pg-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { type OpenedDatabase, openDatabase } from '#server/db/client.ts'
import { lockFileName } from '#server/db/data-dir-lock.ts'
import * as schema from '#server/db/schema.ts'
import { content, missions, providers, selections, users, wallets } from '#server/db/schema.ts'
import * as integratorsSchema from '#server/db/schema-integrators.ts'
import { bootstrapAdmin, seedDemo } from '#server/db/seed.ts'
import { verifyPassword } from '#server/lib/passwords.ts'
import {
  createPgliteDataDir,
  createTestDatabase,
  type TestDatabase,
  testDatabaseKind,
} from '../support/test-db'

let testDb: TestDatabase
let opened: OpenedDatabase

beforeAll(async () => {
  testDb = await createTestDatabase()
  opened = await openDatabase({ databaseUrl: testDb.databaseUrl, dataDir: testDb.dataDir })
})

afterAll(async () => {
  await opened?.close()
  await testDb?.cleanup()
})

const tableCount = async (table: typeof providers | typeof missions | typeof content) => {
  const [row] = await opened.db.select({ n: count() }).from(table)
  return row?.n ?? 0
}

test('migrations create every table of the domain on a fresh database', async () => {
  const result = await opened.db.execute<{ table_name: string }>(
    sql`select table_name from information_schema.tables where table_schema = 'public'`,
  )
  const names = result.rows.map((row) => row.table_name)
  for (const table of ['users', 'sessions', 'deals', 'deal_events', 'wallets', 'ledger_entries', 'payouts']) {
    expect(names).toContain(table)
  }
  // Exactly the schema's tables: a migration the schema does not know of (or the reverse) shows here.
  const declared = Object.values({ ...schema, ...integratorsSchema })
    .filter((value) => is(value, PgTable))
    .map((table) => getTableName(table as PgTable))
  expect([...names].sort()).toEqual([...declared].sort())
  expect(opened.kind).toBe(testDb.databaseUrl ? 'postgres' : 'pglite')
  await expect(opened.ping()).resolves.toBeUndefined()
})

test('the demo seed fills an empty database once and a second run adds nothing', async () => {
  expect(await seedDemo(opened.db)).toEqual({ seeded: true })
  const counts = [await tableCount(providers), await tableCount(missions), await tableCount(content)]
  expect(counts[0]).toBe(4)
  expect(counts[1]).toBeGreaterThanOrEqual(10)

  expect(await seedDemo(opened.db)).toEqual({ seeded: false })
  expect([await tableCount(providers), await tableCount(missions), await tableCount(content)]).toEqual(counts)
})

test('the demo missions cover every integration type and both reward models, all published', async () => {
  const rows = await opened.db.select().from(missions)
  expect(new Set(rows.map((row) => row.integration.type))).toEqual(
    new Set(['CUSTOM_CODE', 'MIXTE', 'LINK', 'WARGAMING', 'SPIKE_LINK']),
  )
  expect(new Set(rows.map((row) => row.rewardModel))).toEqual(new Set(['cpc', 'fixed']))
  expect(rows.every((row) => row.status === 'published' && row.startsAt.getTime() < Date.now())).toBe(true)
  expect(rows.every((row) => row.title.fr && row.title.es && row.tips.fr && row.description.es)).toBe(true)
  const brands = await opened.db.select().from(providers)
  expect(
    brands.map(({ description }) => Boolean(description.en && description.fr && description.es)),
  ).toEqual(brands.map(() => true))
  const [featured] = await opened.db.select().from(selections).where(eq(selections.id, 'featured'))
  const codes = new Set(rows.map((row) => row.code))
  expect(featured?.missionCodes.length).toBeGreaterThan(0)
  expect(featured?.missionCodes.every((code) => codes.has(code))).toBe(true)
})

test('the demo content has FAQ, terms and home in English, French and Spanish', async () => {
  for (const locale of ['en', 'fr', 'es'] as const) {
    const rows = await opened.db.select().from(content).where(eq(content.locale, locale))
    const faq = rows.filter((row) => row.domain === 'faq')
    expect(faq.length).toBeGreaterThanOrEqual(8)
    expect(new Set(faq.map((row) => row.topic)).size).toBe(4)
    expect(rows.filter((row) => row.domain === 'terms').length).toBeGreaterThanOrEqual(3)
    expect(rows.filter((row) => row.domain === 'home').length).toBeGreaterThan(0)
  }
  const [fr] = await opened.db
    .select()
    .from(content)
    .where(sql`${content.domain} = 'faq' and ${content.locale} = 'fr' and ${content.code} = 'how-to-start'`)
  expect(fr?.title).toBe('Comment commencer\u202f?')
})

test('bootstrapAdmin creates the admin, then updates it on the next start', async () => {
  const first = await bootstrapAdmin(opened.db, {
    username: 'Root',
    email: 'root@example.com',
    password: 'first pass 1',
  })
  expect(first.created).toBe(true)
  const second = await bootstrapAdmin(opened.db, {
    username: 'root',
    email: 'admin@example.com',
    password: 'second pass 2',
  })
  expect(second).toEqual({ id: first.id, created: false })

  const [row] = await opened.db.select().from(users).where(eq(users.id, first.id))
  expect(row?.roles).toEqual(['user', 'admin'])
  expect(row?.email).toBe('admin@example.com')
  expect(row?.emailVerifiedAt).toBeInstanceOf(Date)
  expect(await verifyPassword(row?.passwordHash ?? '', 'second pass 2')).toBe(true)
  expect(await verifyPassword(row?.passwordHash ?? '', 'first pass 1')).toBe(false)
})

test('bootstrapAdmin refuses a username and an e-mail that belong to two different users', async () => {
  await bootstrapAdmin(opened.db, { username: 'other', email: 'other@example.com', password: 'pass word 3' })
  await expect(
    bootstrapAdmin(opened.db, { username: 'other', email: 'admin@example.com', password: 'pass word 3' }),
  ).rejects.toThrow(/belong to two different users/)
})

test('stored password hashes are argon2id with the OWASP parameters', async () => {
  const [row] = await opened.db.select().from(users).where(sql`lower(${users.username}) = 'root'`)
  expect(row?.passwordHash.startsWith('$argon2id$v=19$m=19456,t=2,p=1$')).toBe(true)
  expect(await verifyPassword('not a hash', 'anything')).toBe(false)
})

test('the database refuses a negative wallet balance', async () => {
  const [user] = await opened.db.select().from(users).where(sql`lower(${users.username}) = 'root'`)
  const [wallet] = await opened.db
    .insert(wallets)
    .values({ userId: user?.id ?? '', balanceCents: 500 })
    .returning()
  await expect(
    opened.db
      .update(wallets)
      .set({ balanceCents: sql`${wallets.balanceCents} - 501` })
      .where(eq(wallets.id, wallet?.id ?? '')),
  ).rejects.toThrow()
  const [after] = await opened.db
    .select()
    .from(wallets)
    .where(eq(wallets.id, wallet?.id ?? ''))
  expect(after?.balanceCents).toBe(500)
})

test('usernames are unique whatever their case', async () => {
  await expect(
    opened.db
      .insert(users)
      .values({ username: 'ROOT', email: 'x@example.com', passwordHash: 'x', creatorCode: 'X1' }),
  ).rejects.toThrow()
})

test('reopening the same PGlite data directory keeps the data', async () => {
  const { dataDir, cleanup } = await createPgliteDataDir()
  try {
    const first = await openDatabase({ dataDir })
    await seedDemo(first.db)
    await first.close()
    expect(existsSync(join(dataDir, lockFileName))).toBe(false)

    const second = await openDatabase({ dataDir })
    const [row] = await second.db.select({ n: count() }).from(providers)
    await second.close()
    expect(row?.n).toBe(4)
  } finally {
    await cleanup()
  }
})

test('a second open of a data directory in use is refused with a clear message', async () => {
  const { dataDir, cleanup } = await createPgliteDataDir()
  const first = await openDatabase({ dataDir })
  try {
    await expect(openDatabase({ dataDir })).rejects.toThrow(
      `data directory ${dataDir} is in use by process ${process.pid}; stop it or use another DATA_DIR`,
    )
    // The refused open must not have released the owner's lock.
    expect(readFileSync(join(dataDir, lockFileName), 'utf8').trim()).toBe(String(process.pid))
  } finally {
    await first.close()
    await cleanup()
  }
})

test('a lock left by a dead process is taken over', async () => {
  const { dataDir, cleanup } = await createPgliteDataDir()
  // A child that has already exited gives a pid that is certainly not running any more.
  const deadPid = spawnSync(process.execPath, ['-e', '']).pid
  writeFileSync(join(dataDir, lockFileName), `${deadPid}\n`)
  const warnings: string[] = []
  const db = await openDatabase({ dataDir, log: { info: () => undefined, warn: (m) => warnings.push(m) } })
  try {
    expect(readFileSync(join(dataDir, lockFileName), 'utf8').trim()).toBe(String(process.pid))
    expect(warnings.join('\n')).toContain(`process ${deadPid} is gone`)
  } finally {
    await db.close()
    await cleanup()
  }
})

test.runIf(testDatabaseKind() === 'pglite')(
  'the embedded database gathers a table’s statistics within seconds of its rows changing, as autovacuum would',
  async () => {
    // A raid fills the click tables in seconds; planned without statistics, counting a batch's addresses
    // read every row of the day instead of the index.
    await opened.db.execute(sql`create table analyzed_probe (id serial primary key, label text)`)
    await opened.db.execute(
      sql`insert into analyzed_probe (label) select md5(g::text) from generate_series(1, 2000) g`,
    )
    const estimate = async () => {
      const { rows } = await opened.db.execute<{ estimate: number }>(
        sql`select reltuples::int as estimate from pg_class where relname = 'analyzed_probe'`,
      )
      return rows[0]?.estimate ?? -1
    }
    const deadline = Date.now() + 10_000
    while ((await estimate()) < 2000 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200))
    expect(await estimate()).toBe(2000)
    await opened.db.execute(sql`drop table analyzed_probe`)
  },
  15_000,
)
