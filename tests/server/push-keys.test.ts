/**
 * Without VAPID_* set, the generated key pair lives in the database the nodes share: two nodes with
 * their own DATA_DIR hand out the same public key (a device subscribed through one gets the other's
 * pushes), and a restart keeps it (a new key would orphan every subscription).
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { buildApp } from '#server/app.ts'
import { loadConfig } from '#server/config.ts'
import { call } from '../support/call'
import { createTestApp, type TestApp } from '../support/test-app'

let first: TestApp
let workDir: string
const started: FastifyInstance[] = []

/** Another node on the first one's database, with a DATA_DIR of its own. */
async function anotherNode(name: string): Promise<FastifyInstance> {
  const databaseUrl = first.app.config.databaseUrl
  const config = loadConfig({
    DATA_DIR: join(workDir, name),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    SEED_DEMO: '0',
    LOG_LEVEL: 'silent',
    CLIENT_DIR: join(workDir, 'no-client'),
  })
  const node = await buildApp({
    config,
    logger: false,
    ...(databaseUrl ? {} : { database: first.app.database }),
  })
  await node.ready()
  started.push(node)
  return node
}

const publicKeyOf = async (node: FastifyInstance) => {
  const response = await call(node, 'pushKey')
  expect(response.statusCode).toBe(200)
  return response.answer().publicKey
}

beforeAll(async () => {
  workDir = mkdtempSync(join(tmpdir(), 'streamdeals-push-keys-'))
  first = await createTestApp({ seed: false })
})

afterAll(async () => {
  for (const node of started) await node.close()
  await first?.close()
  rmSync(workDir, { recursive: true, force: true })
})

test('every node hands out the one generated public key, before and after a restart', async () => {
  const key = await publicKeyOf(first.app)
  expect(key).toMatch(/^[A-Za-z0-9_-]{80,90}$/)
  const second = await anotherNode('node-2')
  expect(await publicKeyOf(second)).toBe(key)
  await second.close()
  started.pop()
  expect(await publicKeyOf(await anotherNode('node-2-restarted'))).toBe(key)
})
