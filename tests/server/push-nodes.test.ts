/**
 * Two server nodes on one database send each notification once: each dispatcher claims outbox rows
 * with FOR UPDATE SKIP LOCKED. On PostgreSQL (DATABASE_URL) the nodes have their own connection
 * pools, as two processes would; on PGlite they share the embedded database.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, expect, test } from 'vitest'
import webpush from 'web-push'
import { buildApp } from '#server/app.ts'
import { loadConfig } from '#server/config.ts'
import { queuePush } from '#server/features/push/push-service.ts'
import { call } from '../support/call'
import { createTestApp, type TestApp } from '../support/test-app'
import { makeUser } from '../support/test-users'
import { browserKeys, type PushService, startPushService } from './push-fixtures'

// 12 notifications: enough that both nodes' claims overlap in time.
const NOTIFICATIONS = 12

let service: PushService
let first: TestApp
let second: FastifyInstance
let workDir: string

beforeAll(async () => {
  service = await startPushService()
  workDir = mkdtempSync(join(tmpdir(), 'streamdeals-push-nodes-'))
  // One key pair for both nodes, as a deployment sets VAPID_* for all of its nodes.
  const vapid = webpush.generateVAPIDKeys()
  const env = {
    PUSH_ALLOWED_ORIGINS: service.origin,
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
  }
  first = await createTestApp({ seed: false, env })
  const databaseUrl = first.app.config.databaseUrl
  const config = loadConfig({
    DATA_DIR: join(workDir, 'node-2'),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    SEED_DEMO: '0',
    LOG_LEVEL: 'silent',
    CLIENT_DIR: join(workDir, 'no-client'),
    ...env,
  })
  second = await buildApp({ config, logger: false, ...(databaseUrl ? {} : { database: first.app.database }) })
  await second.ready()
})

afterAll(async () => {
  await second?.close()
  await first?.close()
  await service?.close()
  rmSync(workDir, { recursive: true, force: true })
})

test('two nodes woken together send each notification once', async () => {
  const user = await makeUser(first.app, { username: 'push_nodes' })
  const keys = browserKeys()
  const subscribed = await call(first.app, 'pushSubscribe', {
    params: { username: user.username },
    headers: user.auth,
    body: {
      endpoint: `${service.origin}/nodes`,
      keys: { p256dh: keys.p256dh, auth: keys.auth },
      deviceLabel: 'Phone',
    },
  })
  expect(subscribed.statusCode).toBe(201)
  await first.app.db.transaction(async (tx) => {
    for (let index = 0; index < NOTIFICATIONS; index++) {
      await queuePush(tx, user.id, { kind: 'payout_paid', amountCents: 100 + index })
    }
  })
  await Promise.all([
    first.app.pushDispatcher.wake(),
    second.pushDispatcher.wake(),
    first.app.pushDispatcher.wake(),
    second.pushDispatcher.wake(),
  ])
  expect(service.requests.filter((request) => request.path === '/nodes')).toHaveLength(NOTIFICATIONS)
})
