/**
 * The part every API benchmark starts with: a fresh database of the kind measured (the embedded one in
 * a temporary folder, or a new database on the PostgreSQL server), the bench's data written by one of
 * the build's prepare scripts, then the built app server on a free port; and everything removed after,
 * whatever happened. A benchmark only says what it prepares, which environment it adds and what it
 * measures.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { childEnv, freePort, runNode, startServer } from './processes.mjs'

const DEFAULT_POSTGRES = 'postgres://postgres@127.0.0.1:5432/postgres'

/** A fresh bench database on the PostgreSQL server, or `{ skipped }` (with the reason) when none answers. */
export async function postgresDatabase() {
  const serverUrl = process.env.DATABASE_URL || DEFAULT_POSTGRES
  const name = `streamdeals_bench_${Date.now().toString(36)}`
  const client = new pg.Client({ connectionString: serverUrl })
  try {
    await client.connect()
    await client.query(`create database ${name}`)
  } catch (error) {
    return { skipped: `PostgreSQL at ${serverUrl} is not usable: ${error.message}` }
  } finally {
    await client.end().catch(() => undefined)
  }
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    async drop() {
      const admin = new pg.Client({ connectionString: serverUrl })
      await admin.connect()
      await admin.query(`drop database if exists ${name} with (force)`)
      await admin.end()
    },
  }
}

/**
 * Runs `use` on a prepared database of `kind` ('pglite' or 'postgres'): `use` receives what the prepare
 * script printed (`setup`), `startApp()`, which starts the built server on it (the caller stops it), and
 * `runPrepare(moreEnv)`, which runs the prepare script again on the same database with more environment
 * (a bench that checks the data once its server has stopped). The database is removed after `use`.
 * Answers `{ kind, skipped }` without calling `use` when PostgreSQL is asked for and none answers.
 */
export async function onPreparedDatabase(
  kind,
  { serverDir, clientDir, name, prepare, env: extra = {} },
  use,
) {
  const dataDir = mkdtempSync(join(tmpdir(), `streamdeals-bench-${name}-${kind}-`))
  const postgres = kind === 'postgres' ? await postgresDatabase() : null
  if (postgres?.skipped) {
    rmSync(dataDir, { recursive: true, force: true })
    return { kind, skipped: postgres.skipped }
  }
  const env = childEnv({
    DATA_DIR: dataDir,
    CLIENT_DIR: clientDir,
    SEED_DEMO: '0',
    HOST: '127.0.0.1',
    ...extra,
    ...(postgres ? { DATABASE_URL: postgres.url } : {}),
  })
  try {
    const runPrepare = (moreEnv = {}) => runNode(join(serverDir, prepare), { ...env, ...moreEnv })
    const setup = JSON.parse(await runPrepare())
    const startApp = async () => {
      const port = await freePort()
      return startServer(join(serverDir, 'index.js'), {
        port,
        env: { ...env, PUBLIC_URL: `http://127.0.0.1:${port}` },
      })
    }
    return await use({ setup, startApp, runPrepare })
  } finally {
    await postgres?.drop?.()
    rmSync(dataDir, { recursive: true, force: true })
  }
}
