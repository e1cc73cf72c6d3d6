/**
 * A private database per test file: a fresh database on the PostgreSQL server named by DATABASE_URL
 * (dropped afterwards), or else a temporary data directory for the embedded PGlite.
 */
import { createHash, randomBytes } from 'node:crypto'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { cp, mkdtemp, rename, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { openDatabase } from '#server/db/client.ts'

export interface TestDatabase {
  databaseUrl?: string
  dataDir: string
  cleanup(): Promise<void>
}

const withAdminClient = async <T>(serverUrl: string, run: (client: pg.Client) => Promise<T>): Promise<T> => {
  const client = new pg.Client({ connectionString: serverUrl })
  await client.connect()
  try {
    return await run(client)
  } finally {
    await client.end()
  }
}

/**
 * A migrated PGlite directory shared by the test files of a run: creating one costs seconds (initdb)
 * where copying it costs a fraction, so each file copies it. Keyed by the migrations' content, so a new
 * migration gets a new template; built aside and renamed into place, so a half-built one is never used.
 */
const migrationsKey = (): string => {
  const migrations = fileURLToPath(new URL('../../src/server/db/migrations', import.meta.url))
  const hash = createHash('sha256')
  for (const file of readdirSync(migrations)
    .filter((name) => name.endsWith('.sql'))
    .sort()) {
    hash.update(file).update(readFileSync(join(migrations, file)))
  }
  return hash.digest('hex').slice(0, 16)
}

const pgliteTemplate = async (): Promise<string> => {
  const template = join(tmpdir(), `streamdeals-pglite-template-${migrationsKey()}`)
  if (existsSync(template)) return template
  const building = await mkdtemp(join(tmpdir(), 'streamdeals-pglite-building-'))
  const opened = await openDatabase({ dataDir: building })
  await opened.close()
  try {
    await rename(join(building, 'pglite'), template)
  } catch (error) {
    // Another test process finished its template first; theirs is as good as ours.
    if (!existsSync(template)) throw error
  }
  await rm(building, { recursive: true, force: true })
  return template
}

/** A temporary data directory with a migrated, empty PGlite database, whatever DATABASE_URL says. */
export const createPgliteDataDir = async (): Promise<TestDatabase> => {
  const dataDir = await mkdtemp(join(tmpdir(), 'streamdeals-test-'))
  await cp(await pgliteTemplate(), join(dataDir, 'pglite'), { recursive: true })
  return { dataDir, cleanup: () => rm(dataDir, { recursive: true, force: true }) }
}

/**
 * Which database this Vitest project tests: suites that exist for one kind only (PostgreSQL races,
 * the embedded database's crash safety) run in that project alone, not twice.
 */
export const testDatabaseKind = (): 'pglite' | 'postgres' =>
  process.env.TEST_DATABASE === 'pglite' || !process.env.DATABASE_URL ? 'pglite' : 'postgres'

const databaseUrlOf = (serverUrl: string, name: string) => {
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return url.toString()
}

/**
 * The PostgreSQL twin of the PGlite template: a migrated database on the server that test databases
 * are cloned from (CREATE DATABASE … TEMPLATE), which costs a fraction of running every migration
 * again. Keyed by the migrations' content like the PGlite one; built under another name and renamed
 * once migrated, so a clone never starts from a half-migrated template, and nothing stays connected
 * to it (PostgreSQL refuses to copy a database someone is connected to).
 */
let postgresTemplate: Promise<string> | undefined
const buildPostgresTemplate = async (serverUrl: string): Promise<string> => {
  const template = `streamdeals_template_${migrationsKey()}`
  const exists = () =>
    withAdminClient(
      serverUrl,
      async (client) =>
        (await client.query('select 1 from pg_database where datname = $1', [template])).rowCount === 1,
    )
  if (await exists()) return template
  const building = `streamdeals_building_${randomBytes(6).toString('hex')}`
  await withAdminClient(serverUrl, (client) => client.query(`create database ${building}`))
  const opened = await openDatabase({ databaseUrl: databaseUrlOf(serverUrl, building), dataDir: tmpdir() })
  await opened.close()
  try {
    await withAdminClient(serverUrl, (client) =>
      client.query(`alter database ${building} rename to ${template}`),
    )
  } catch (error) {
    // Another test process renamed its template into place first; theirs is as good as ours.
    await withAdminClient(serverUrl, (client) => client.query(`drop database if exists ${building}`))
    if (!(await exists())) throw error
  }
  return template
}

export interface TestDatabaseOptions {
  /**
   * Already migrated (a copy of the template) rather than empty. Empty is the default on PostgreSQL:
   * the suites that start nodes on a new database test the migrations and their lock themselves.
   * PGlite databases always come migrated (its template).
   */
  migrated?: boolean
}

/**
 * The database a test file runs on. The `server` Vitest project runs on PGlite; the `server-pg`
 * project (present when DATABASE_URL is set) runs the same files on PostgreSQL, via TEST_DATABASE.
 */
export const createTestDatabase = async (options: TestDatabaseOptions = {}): Promise<TestDatabase> => {
  const serverUrl = process.env.TEST_DATABASE === 'pglite' ? undefined : process.env.DATABASE_URL
  if (!serverUrl) return createPgliteDataDir()
  const dataDir = await mkdtemp(join(tmpdir(), 'streamdeals-test-'))

  // Names are generated here from hex only, so they are safe to splice into CREATE/DROP DATABASE.
  const name = `streamdeals_test_${randomBytes(6).toString('hex')}`
  if (options.migrated) {
    postgresTemplate ??= buildPostgresTemplate(serverUrl)
    const template = await postgresTemplate
    await withAdminClient(serverUrl, (client) => client.query(`create database ${name} template ${template}`))
  } else {
    await withAdminClient(serverUrl, (client) => client.query(`create database ${name}`))
  }
  return {
    databaseUrl: databaseUrlOf(serverUrl, name),
    dataDir,
    cleanup: async () => {
      // WITH (FORCE) ends connections a failed test may have left open (PostgreSQL 13+).
      await withAdminClient(serverUrl, (client) =>
        client.query(`drop database if exists ${name} with (force)`),
      )
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}
