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

const withAdminClient = async (serverUrl: string, run: (client: pg.Client) => Promise<unknown>) => {
  const client = new pg.Client({ connectionString: serverUrl })
  await client.connect()
  try {
    await run(client)
  } finally {
    await client.end()
  }
}

/**
 * A migrated PGlite directory shared by the test files of a run: creating one costs seconds (initdb)
 * where copying it costs a fraction, so each file copies it. Keyed by the migrations' content, so a new
 * migration gets a new template; built aside and renamed into place, so a half-built one is never used.
 */
const pgliteTemplate = async (): Promise<string> => {
  const migrations = fileURLToPath(new URL('../../src/server/db/migrations', import.meta.url))
  const hash = createHash('sha256')
  for (const file of readdirSync(migrations)
    .filter((name) => name.endsWith('.sql'))
    .sort()) {
    hash.update(file).update(readFileSync(join(migrations, file)))
  }
  const template = join(tmpdir(), `streamdeals-pglite-template-${hash.digest('hex').slice(0, 16)}`)
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

/**
 * The database a test file runs on. The `server` Vitest project runs on PGlite; the `server-pg`
 * project (present when DATABASE_URL is set) runs the same files on PostgreSQL, via TEST_DATABASE.
 */
export const createTestDatabase = async (): Promise<TestDatabase> => {
  const serverUrl = process.env.TEST_DATABASE === 'pglite' ? undefined : process.env.DATABASE_URL
  if (!serverUrl) return createPgliteDataDir()
  const dataDir = await mkdtemp(join(tmpdir(), 'streamdeals-test-'))

  // The name is generated here from hex only, so it is safe to splice into CREATE/DROP DATABASE.
  const name = `streamdeals_test_${randomBytes(6).toString('hex')}`
  await withAdminClient(serverUrl, (client) => client.query(`create database ${name}`))
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return {
    databaseUrl: url.toString(),
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
