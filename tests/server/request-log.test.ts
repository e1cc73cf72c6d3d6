/**
 * Request logging costs little under load: at info level, routine answers leave a pulse
 * (at most one line per route per second), while client and server errors are always logged.
 */

import { join } from 'node:path'
import { Writable } from 'node:stream'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { buildApp } from '#server/app.ts'
import { loadConfig } from '#server/config.ts'
import { endpoint } from '#shared/endpoints.ts'
import { call } from '../support/call'
import { createTestDatabase, type TestDatabase } from '../support/test-db'

let lines: Array<Record<string, unknown>> = []
let database: TestDatabase
let app: FastifyInstance

beforeAll(async () => {
  database = await createTestDatabase()
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n')) if (line.trim()) lines.push(JSON.parse(line))
      done()
    },
  })
  const config = loadConfig({
    DATA_DIR: database.dataDir,
    ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
    SEED_DEMO: '0',
    LOG_LEVEL: 'info',
    CLIENT_DIR: join(database.dataDir, 'no-client'),
  })
  app = await buildApp({ config, logStream: stream })
  await app.ready()
})

afterAll(async () => {
  await app?.close()
  await database?.cleanup()
})

const requestLines = (url: string) =>
  lines.filter((line) => (line.req as { url?: string } | undefined)?.url === url)

test('a burst of routine requests leaves one line, not two per request', async () => {
  lines = []
  for (let i = 0; i < 200; i++) expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200)
  const logged = requestLines('/healthz')
  expect(logged.length).toBeGreaterThanOrEqual(1)
  // Fastify's default wrote 400 lines here ("incoming request" and "request completed" each time).
  expect(logged.length).toBeLessThanOrEqual(2)
  expect(lines.filter((line) => line.msg === 'incoming request')).toHaveLength(0)
  expect(logged[0]).toMatchObject({ msg: 'request completed', res: { statusCode: 200 } })
})

test('every client error is logged, with its status', async () => {
  lines = []
  for (let i = 0; i < 5; i++) {
    expect((await call(app, 'walletGet', { params: { username: 'nobody' } })).statusCode).toBe(401)
  }
  const logged = requestLines(endpoint('walletGet', { username: 'nobody' }))
  expect(logged).toHaveLength(5)
  for (const line of logged) expect(line).toMatchObject({ level: 30, res: { statusCode: 401 } })
})
