/**
 * Several deployments on one Redis: each writes its keys and channels under its REDIS_PREFIX, so
 * one deployment's socket events and rate-limit counters never reach another's, while the nodes of one
 * deployment still share both. Runs in a Redis database of its own (index 13), so that every key in
 * it can be checked for a prefix, whatever other suites write to database 0.
 */
import { randomBytes } from 'node:crypto'
import { Redis } from 'ioredis'
import { afterAll, beforeAll, expect, test } from 'vitest'
import type { RateRule } from '#server/plugins/rate-limit.ts'
import { createTestApp, type TestApp } from '../support/test-app'
import { until } from './multi-node-fixtures'
import { type Client, connectClient, emitToRoom, fanOutWithin, hears, joinTestRoom } from './redis-fixtures'

const redisUrl = process.env.REDIS_URL
if (!redisUrl) {
  console.warn('redis-prefix.test.ts skipped: set REDIS_URL=redis://127.0.0.1:6379 to run it')
}
const withRedis = redisUrl ? test : test.skip

// Every prefix of this suite starts so, in every run: a key in database 13 without it was written
// without a prefix (or by someone else, which the database number is there to prevent).
const FAMILY = 'redis-prefix-test-'
const run = randomBytes(4).toString('hex')
const prefixOne = `${FAMILY}${run}-one`
const prefixTwo = `${FAMILY}${run}-two`

let inspector: Redis | undefined
const deployments: { one: TestApp[]; two: TestApp[] } = { one: [], two: [] }
const clients: Client[] = []

const isolatedRedisUrl = () => {
  const url = new URL(redisUrl ?? '')
  url.pathname = '/13'
  return url.toString()
}

beforeAll(async () => {
  if (!redisUrl) return
  inspector = new Redis(isolatedRedisUrl())
  // Database 13 is this suite's: an unprefixed key a broken earlier run left goes first, so that a
  // stray found below was written by this run (a run in the other project writes only FAMILY keys).
  const leftovers = (await keysUnder('*')).filter((key) => !key.startsWith(FAMILY))
  if (leftovers.length > 0) await inspector.del(...leftovers)
  const node = async (prefix: string) => {
    const testApp = await createTestApp({
      seed: false,
      listen: true,
      env: { REDIS_URL: isolatedRedisUrl(), REDIS_PREFIX: prefix },
    })
    joinTestRoom(testApp.app)
    return testApp
  }
  // Deployment one has two nodes (they must share), deployment two one (it must see nothing of one).
  deployments.one.push(await node(prefixOne), await node(prefixOne))
  deployments.two.push(await node(prefixTwo))
})

afterAll(async () => {
  for (const client of clients) client.disconnect()
  for (const testApp of [...deployments.one, ...deployments.two]) await testApp.close()
  if (inspector) {
    for (const prefix of [prefixOne, prefixTwo]) {
      const keys = await keysUnder(`${prefix}:*`)
      if (keys.length > 0) await inspector.del(...keys)
    }
    inspector.disconnect()
  }
})

async function keysUnder(pattern: string): Promise<string[]> {
  if (!inspector) return []
  const keys: string[] = []
  let cursor = '0'
  do {
    const [next, batch] = await inspector.scan(cursor, 'MATCH', pattern, 'COUNT', 1000)
    keys.push(...batch)
    cursor = next
  } while (cursor !== '0')
  return keys
}

const nodeOf = (testApps: TestApp[], index: number) => {
  const testApp = testApps[index]
  if (!testApp?.url) throw new Error('node not started')
  return { app: testApp.app, url: testApp.url }
}

const client = async (url: string) => {
  const connected = await connectClient(url)
  clients.push(connected)
  return connected
}

withRedis('a socket event of one deployment reaches its other node, never the other deployment', async () => {
  const oneA = nodeOf(deployments.one, 0)
  const oneB = nodeOf(deployments.one, 1)
  const two = nodeOf(deployments.two, 0)
  const onOneB = await client(oneB.url)
  const onTwo = await client(two.url)
  // Crossing to deployment one's other node proves the event went through Redis.
  await fanOutWithin(oneA.app, onOneB, 5000)
  const leaked = hears(onTwo, 1000)
  const crossed = hears(onOneB, 1000)
  emitToRoom(oneA.app)
  expect({ sameDeployment: await crossed, otherDeployment: await leaked }).toEqual({
    sameDeployment: true,
    otherDeployment: false,
  })
})

withRedis('a counter is shared by the nodes of one deployment and unseen by another', async () => {
  const rule: RateRule = { name: 'prefix-test', max: 1, windowMs: 60_000 }
  const oneA = nodeOf(deployments.one, 0).app
  const oneB = nodeOf(deployments.one, 1).app
  const two = nodeOf(deployments.two, 0).app
  const subject = `someone-${run}`
  const taken = await oneA.rateLimiter.reserve(rule, subject)
  const sameDeployment = await oneB.rateLimiter.reserve(rule, subject)
  const otherDeployment = await two.rateLimiter.reserve(rule, subject)
  expect({
    taken: taken.granted,
    sameDeployment: sameDeployment.granted,
    otherDeployment: otherDeployment.granted,
  }).toEqual({ taken: true, sameDeployment: false, otherDeployment: true })
})

withRedis('every key written carries its deployment prefix, and so do the pub/sub channels', async () => {
  const oneA = nodeOf(deployments.one, 0)
  await oneA.app.rateLimiter.consume({ name: 'prefix-keys', max: 5, windowMs: 60_000 }, 'someone')
  emitToRoom(oneA.app)
  // A socket that loses its transport is kept for recovery: its state goes to a session key.
  const leaving = await client(oneA.url)
  leaving.io.engine.close()
  await until(async () => (await keysUnder(`${prefixOne}:sio:session:*`)).length > 0, 'a saved socket state')

  const ours = await keysUnder(`${prefixOne}:*`)
  expect(ours).toEqual(
    expect.arrayContaining([
      `${prefixOne}:socket.io`,
      `${prefixOne}:ratelimit:prefix-keys:someone`,
      expect.stringMatching(new RegExp(`^${prefixOne}:sio:session:`)),
    ]),
  )
  const strays = (await keysUnder('*')).filter((key) => !key.startsWith(FAMILY))
  expect(strays).toEqual([])
  // Both nodes of deployment one listen on its prefixed channel (channels span Redis databases).
  if (!inspector) throw new Error('no inspector')
  const [, listeners] = (await inspector.pubsub('NUMSUB', `${prefixOne}:socket.io#/#`)) as [string, number]
  expect(listeners).toBe(2)
})
