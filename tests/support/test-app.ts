import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll } from 'vitest'
import { buildApp } from '#server/app.ts'
import { loadConfig } from '#server/config.ts'
import type { Mailer } from '#server/lib/mailer.ts'
import { watchAnswers } from './openapi-conformance'
import { createTestDatabase } from './test-db'

export interface TestApp {
  app: FastifyInstance
  /** Base URL when `listen` was asked for (socket tests), else undefined. */
  url: string | undefined
  close(): Promise<void>
}

/**
 * A real app on a fresh database of its own: PGlite in a temp folder, or a new PostgreSQL
 * database when DATABASE_URL is set. Seeded with the demo content unless `seed: false`.
 */
export interface TestAppOptions {
  env?: Record<string, string>
  seed?: boolean
  listen?: boolean
  mailer?: Mailer
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  // Migrated already, as a node finds a database it ran on before: the migrations' own start-up
  // (empty database, nodes racing for the lock) has suites of its own.
  const database = await createTestDatabase({ migrated: true })
  const workDir = mkdtempSync(join(tmpdir(), 'streamdeals-app-'))
  const config = loadConfig({
    DATA_DIR: database.dataDir,
    ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
    SEED_DEMO: options.seed === false ? '0' : '1',
    LOG_LEVEL: 'silent',
    CLIENT_DIR: join(workDir, 'no-client'),
    ...options.env,
  })
  const app = await buildApp({ config, logger: false, mailer: options.mailer })
  // Every answer is held to the published OpenAPI document; a mismatch fails the file when it closes.
  const mismatches = watchAnswers(app)
  let url: string | undefined
  if (options.listen) {
    await app.listen({ port: 0, host: '127.0.0.1' })
    const address = app.server.address()
    if (address && typeof address === 'object') url = `http://127.0.0.1:${address.port}`
  } else {
    await app.ready()
  }
  return {
    app,
    url,
    async close() {
      await app.close()
      await database.cleanup()
      rmSync(workDir, { recursive: true, force: true })
      const found = [...new Set(mismatches())]
      if (found.length > 0) {
        throw new Error(`Answers the OpenAPI document does not describe:\n- ${found.join('\n- ')}`)
      }
    },
  }
}

/**
 * One app for the whole test file: built before the first test, closed after the last (where the
 * OpenAPI check of every answer runs). `options` may be a function when they depend on something
 * another `beforeAll` started first, such as the local SMTP server.
 */
export function testAppPerFile(options: TestAppOptions | (() => TestAppOptions) = {}): {
  readonly app: FastifyInstance
  readonly url: string | undefined
  readonly testApp: TestApp
} {
  let harness: TestApp | undefined
  beforeAll(async () => {
    harness = await createTestApp(typeof options === 'function' ? options() : options)
  })
  afterAll(async () => {
    await harness?.close()
  })
  const current = () => {
    if (!harness) throw new Error('the test app is built in beforeAll: read it inside a test or a hook')
    return harness
  }
  return {
    get app() {
      return current().app
    },
    get url() {
      return current().url
    },
    get testApp() {
      return current()
    },
  }
}
