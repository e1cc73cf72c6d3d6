/**
 * Opens the database: embedded PGlite under `<dataDir>/pglite` by default, PostgreSQL through a `pg`
 * pool when a URL is given. Both come out as one `Database` type, migrated and ready.
 */
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { type Assume, sql } from 'drizzle-orm'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import type { ExtractTablesWithRelations } from 'drizzle-orm/relations'
import pg from 'pg'
import { acquireDataDirLock } from './data-dir-lock'
import {
  type DatabaseLogger,
  listenPostgres,
  type NotificationFeed,
  type NotificationHandlers,
} from './notifications'
import { pgliteStatements } from './pglite-statements'
import * as coreSchema from './schema'
import * as integratorsSchema from './schema-integrators'

// The integrators' tables live apart (they reference providers and users, so schema.ts cannot re-export
// them without an import circle); the database handle knows both.
const schema = { ...coreSchema, ...integratorsSchema }
export type Schema = typeof schema

/** What both drivers' raw results have in common: `db.execute()` answers `{ rows }` on either. */
export interface RowsResult<TRow> {
  rows: TRow[]
}
export interface QueryResultHKT extends PgQueryResultHKT {
  type: RowsResult<Assume<this['row'], Record<string, unknown>>>
}
export type Database = PgDatabase<QueryResultHKT, Schema>
export type Transaction = PgTransaction<QueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>
/** Anything queries can run on: the database itself or an open transaction. */
export type Executor = Database | Transaction

export interface OpenDatabaseOptions {
  databaseUrl?: string
  dataDir: string
  log?: DatabaseLogger
  /** PostgreSQL pool size; 20 keeps a single node busy without starving a small server's 100 slots. */
  poolSize?: number
  /** Called with each statement the app runs through drizzle (the query-count guard's probe). */
  onQuery?: (statement: string) => void
}

const queryLogger = (options: OpenDatabaseOptions) =>
  options.onQuery ? { logQuery: options.onQuery } : undefined

export interface OpenedDatabase {
  db: Database
  kind: 'pglite' | 'postgres'
  close(): Promise<void>
  ping(): Promise<void>
  /** Hears the NOTIFYs on `channel` as they commit (see notifications.ts); close the feed when done. */
  listen(channel: string, handlers: NotificationHandlers): NotificationFeed
}

const migrationsFolder = () => fileURLToPath(new URL('./migrations', import.meta.url))

// Arbitrary constant shared by every node, so that nodes starting together migrate one at a time.
const migrationLockKey = 724_311_905

const openPostgres = async (
  options: OpenDatabaseOptions & { databaseUrl: string },
): Promise<OpenedDatabase> => {
  const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 20 })
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', (error) => options.log?.warn(`database pool error: ${error.message}`))
  try {
    const client = await pool.connect()
    try {
      await client.query('select pg_advisory_lock($1)', [migrationLockKey])
      await migratePg(drizzlePg({ client, schema }), { migrationsFolder: migrationsFolder() })
    } finally {
      await client.query('select pg_advisory_unlock($1)', [migrationLockKey]).catch(() => undefined)
      client.release()
    }
  } catch (error) {
    await pool.end()
    throw error
  }
  const db: Database = drizzlePg({ client: pool, schema, logger: queryLogger(options) })
  options.log?.info('database: PostgreSQL, migrations applied')
  let closing: Promise<void> | undefined
  return {
    db,
    kind: 'postgres',
    // Idempotent: shutdown paths may call close twice, and `pool.end()` refuses a second call.
    close: () => {
      closing ??= pool.end()
      return closing
    },
    ping: async () => {
      await db.execute(sql`select 1`)
    },
    listen: (channel, handlers) => listenPostgres(options.databaseUrl, channel, handlers, options.log),
  }
}

// Autovacuum's own defaults: a table is analyzed once the rows changed since its last ANALYZE pass
// 50 plus a tenth of its rows. Checked every few seconds: a raid fills the click tables within one.
const ANALYZE_CHECK_MS = 3_000
const ANALYZE_THRESHOLD_ROWS = 50
const ANALYZE_SCALE_FACTOR = 0.1

/**
 * PGlite runs no autovacuum, so nothing gathers the planner's statistics: without them it sorted a
 * user's whole ledger where an index scan reads one page, and it read every click of the day to count
 * a batch's addresses (48 ms a batch in a raid, 2 ms once analyzed). This does what autovacuum's
 * analyze would on PostgreSQL: it asks the statistics which tables changed enough (flushed first, as
 * a single-user backend does not flush them on its own) and analyzes those, one at a time, so
 * requests wait for one table's sample at most.
 */
function analyzeWhenChanged(client: PGlite, log: DatabaseLogger | undefined): () => void {
  let stopped = false
  let running = false
  const analyzeChanged = async () => {
    await client.query('select pg_stat_force_next_flush()')
    const { rows } = await client.query<{ name: string }>(
      `select quote_ident(relname) as name from pg_stat_user_tables
       where schemaname = 'public' and n_mod_since_analyze > $1::int + $2::float8 * n_live_tup order by relname`,
      [ANALYZE_THRESHOLD_ROWS, ANALYZE_SCALE_FACTOR],
    )
    for (const { name } of rows) {
      if (stopped) return
      await client.exec(`analyze ${name}`)
    }
  }
  const check = () => {
    if (running) return
    running = true
    analyzeChanged()
      .catch((error: unknown) => {
        if (!stopped) log?.warn(`database: analyze failed: ${String(error)}`)
      })
      .finally(() => {
        running = false
      })
  }
  const every = setInterval(check, ANALYZE_CHECK_MS)
  every.unref()
  return () => {
    stopped = true
    clearInterval(every)
  }
}

const openPglite = async (options: OpenDatabaseOptions): Promise<OpenedDatabase> => {
  mkdirSync(options.dataDir, { recursive: true })
  const lock = acquireDataDirLock(options.dataDir, (stalePid) =>
    options.log?.warn(
      `data directory ${options.dataDir}: taking over a stale lock (process ${stalePid} is gone)`,
    ),
  )
  let client: PGlite | undefined
  try {
    const dataDir = join(options.dataDir, 'pglite')
    client = await PGlite.create({ dataDir })
    // Statements prepared once and queued first come, first served (see pglite-statements.ts).
    const pgliteDb = drizzlePglite({
      client: pgliteStatements(client) as unknown as PGlite,
      schema,
      logger: queryLogger(options),
    })
    await migratePglite(pgliteDb, { migrationsFolder: migrationsFolder() })
    const db: Database = pgliteDb
    const opened = client
    options.log?.info(`database: embedded PGlite in ${dataDir}, migrations applied`)
    const stopAnalyzing = analyzeWhenChanged(opened, options.log)
    let closing: Promise<void> | undefined
    return {
      db,
      kind: 'pglite',
      close: () => {
        stopAnalyzing()
        closing ??= opened.close().finally(() => lock.release())
        return closing
      },
      ping: async () => {
        await db.execute(sql`select 1`)
      },
      // One process owns the embedded database (the data directory is locked): its notifications
      // arrive in-process, right after the statement that commits them.
      listen: (channel, handlers) => {
        const listening = opened.listen(channel, handlers.message)
        listening.then(() => handlers.live(true)).catch(() => handlers.live(false))
        return {
          // Heard already: the statement that committed them returned after their callbacks ran.
          caughtUp: async () => undefined,
          close: async () => {
            handlers.live(false)
            await (await listening.catch(() => undefined))?.().catch(() => undefined)
          },
        }
      },
    }
  } catch (error) {
    await client?.close().catch(() => undefined)
    lock.release()
    throw error
  }
}

export const openDatabase = (options: OpenDatabaseOptions): Promise<OpenedDatabase> => {
  const { databaseUrl } = options
  return databaseUrl ? openPostgres({ ...options, databaseUrl }) : openPglite(options)
}
