/**
 * Web Push end to end on the server: a local push-service stand-in on loopback
 * receives what the server sends, checks the VAPID signature and decrypts the aes128gcm payload
 * with the subscription's private keys, as a browser vendor's service and the phone would.
 */
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { deals, ledgerEntries, pushOutbox, pushSubscriptions, sessions } from '#server/db/schema.ts'
import { sweepAvailableEarnings } from '#server/features/push/earnings-sweep.ts'
import { queuePush } from '#server/features/push/push-service.ts'
import { MAX_DEVICES } from '#server/features/push/push-subscriptions-repository.ts'
import { call } from '../support/call'
import { createTestApp, type TestApp } from '../support/test-app'
import { makeUser, type TestUser } from '../support/test-users'
import { makeMission } from './deals-fixtures'
import {
  type BrowserKeys,
  browserKeys,
  decryptedMessage,
  type PushService,
  startPushService,
  verifiedVapidClaims,
} from './push-fixtures'

let service: PushService
let testApp: TestApp
let admin: TestUser
let publicKey: string

beforeAll(async () => {
  service = await startPushService()
  testApp = await createTestApp({ env: { PUSH_ALLOWED_ORIGINS: service.origin } })
  admin = await makeUser(testApp.app, { username: 'push_admin', admin: true })
  publicKey = (await call(testApp.app, 'pushKey')).answer().publicKey
})

afterAll(async () => {
  await testApp?.close()
  await service?.close()
})

let deviceCount = 0

/** Subscribes a device of `user` to the stand-in, as the account page does. */
async function subscribe(user: TestUser, locale: 'en' | 'fr' | 'es' = 'en') {
  deviceCount += 1
  const keys = browserKeys()
  const response = await call(testApp.app, 'pushSubscribe', {
    params: { username: user.username },
    headers: user.auth,
    body: {
      endpoint: `${service.origin}/push/${deviceCount}`,
      keys: { p256dh: keys.p256dh, auth: keys.auth },
      deviceLabel: `Phone ${deviceCount}`,
      locale,
    },
  })
  expect(response.statusCode).toBe(201)
  return { keys, device: response.answer(), path: `/push/${deviceCount}` }
}

const requestsTo = (path: string) => service.requests.filter((request) => request.path === path)

async function finishDeal(user: TestUser, rewardCents: number) {
  const code = await makeMission(testApp.app, {
    rewardModel: 'fixed',
    rewardCents,
    title: { en: 'Starfall launch', fr: 'Lancement Starfall' },
  })
  const deal = (
    await call(testApp.app, 'subscriptionCreate', {
      params: { code, username: user.username },
      headers: user.auth,
    })
  ).answer()
  const finished = await call(testApp.app, 'adminDealState', {
    params: { code: deal.code },
    headers: admin.auth,
    body: { state: 'finished' },
  })
  expect(finished.statusCode).toBe(200)
  return deal.code
}

const decrypt = (path: string, keys: BrowserKeys) => {
  const [request] = requestsTo(path)
  if (!request) throw new Error(`nothing reached ${path}`)
  return decryptedMessage(request, keys)
}

test('a deal finished by an admin reaches the device signed with VAPID, encrypted, in its language', async () => {
  const user = await makeUser(testApp.app, { username: 'push_fr' })
  const { keys, path } = await subscribe(user, 'fr')
  const dealCode = await finishDeal(user, 1500)
  await testApp.app.pushDispatcher.wake()
  const [request] = requestsTo(path)
  if (!request) throw new Error('the push service received nothing')
  const claims = verifiedVapidClaims(request, publicKey)
  expect(claims.aud).toBe(service.origin)
  expect(Number(claims.exp)).toBeGreaterThan(Date.now() / 1000)
  expect(request.headers.ttl).toBeDefined()
  expect(decryptedMessage(request, keys)).toEqual({
    title: 'Deal terminé',
    body: 'Lancement Starfall\u202f: objectif atteint. 15,00\u00a0€ ajoutés à vos gains.',
    url: `/dashboard/deal/finished/${dealCode}`,
    tag: `deal-${dealCode}`,
  })
})

test('a payout marked failed tells the owner in English, and each notification is sent once', async () => {
  const user = await makeUser(testApp.app, { username: 'push_en' })
  const { keys, path } = await subscribe(user, 'en')
  await testApp.app.db.transaction((tx) =>
    queuePush(tx, user.id, { kind: 'payout_failed', amountCents: 2500 }),
  )
  await testApp.app.pushDispatcher.wake()
  await testApp.app.pushDispatcher.wake()
  expect(requestsTo(path)).toHaveLength(1)
  expect(decrypt(path, keys)).toMatchObject({ title: 'Payout failed', url: '/dashboard/deal/payment' })
})

test('a 410 from the push service removes the subscription', async () => {
  const user = await makeUser(testApp.app, { username: 'push_gone' })
  const { device, path } = await subscribe(user)
  service.answer = (request) => (request.path === path ? 410 : 201)
  try {
    await testApp.app.db.transaction((tx) => queuePush(tx, user.id, { kind: 'certification_verified' }))
    await testApp.app.pushDispatcher.wake()
  } finally {
    service.answer = () => 201
  }
  expect(requestsTo(path)).toHaveLength(1)
  const left = await testApp.app.db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.id, device.id))
  expect(left).toEqual([])
})

test('logout removes that device; a session revoked everywhere is sent nothing', async () => {
  const user = await makeUser(testApp.app, { username: 'push_out' })
  const { path } = await subscribe(user)
  const logout = await call(testApp.app, 'logout', { headers: user.auth })
  expect(logout.statusCode).toBeLessThan(300)
  expect(
    await testApp.app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, user.id)),
  ).toEqual([])

  const other = await makeUser(testApp.app, { username: 'push_everywhere' })
  const second = await subscribe(other)
  await testApp.app.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.userId, other.id))
  await testApp.app.db.transaction((tx) => queuePush(tx, other.id, { kind: 'payout_paid', amountCents: 100 }))
  await testApp.app.db.transaction((tx) => queuePush(tx, user.id, { kind: 'payout_paid', amountCents: 100 }))
  await testApp.app.pushDispatcher.wake()
  expect(requestsTo(path)).toEqual([])
  expect(requestsTo(second.path)).toEqual([])
})

test('the devices list is the owner’s, and a device can be removed', async () => {
  const user = await makeUser(testApp.app, { username: 'push_list' })
  const { device } = await subscribe(user)
  const listed = await call(testApp.app, 'pushDevices', {
    params: { username: user.username },
    headers: user.auth,
  })
  expect(listed.answer().items).toEqual([
    expect.objectContaining({ id: device.id, deviceLabel: expect.stringMatching(/^Phone/), current: true }),
  ])
  const remove = () =>
    call(testApp.app, 'pushDeviceDelete', {
      params: { username: user.username, id: device.id },
      headers: user.auth,
    })
  const removed = await remove()
  expect(removed.statusCode).toBe(204)
  const again = await remove()
  expect(again.statusCode).toBe(404)
})

test('a rolled-back event notifies nobody', async () => {
  const user = await makeUser(testApp.app, { username: 'push_rollback' })
  await testApp.app.db
    .transaction(async (tx) => {
      await queuePush(tx, user.id, { kind: 'payout_paid', amountCents: 100 })
      throw new Error('the payout failed to commit')
    })
    .catch(() => undefined)
  expect(await testApp.app.db.select().from(pushOutbox).where(eq(pushOutbox.userId, user.id))).toEqual([])
})

test('an earning whose hold ended is announced once, even by two sweeps at the same time', async () => {
  const user = await makeUser(testApp.app, { username: 'push_hold' })
  const { keys, path } = await subscribe(user, 'es')
  const dealCode = await finishDeal(user, 2000)
  const [deal] = await testApp.app.db.select({ id: deals.id }).from(deals).where(eq(deals.code, dealCode))
  if (!deal) throw new Error('no deal')
  // The 72 h hold, over: as if the clock had moved on.
  await testApp.app.db
    .update(ledgerEntries)
    .set({ availableAt: sql`now() - interval '1 minute'` })
    .where(eq(ledgerEntries.dealId, deal.id))
  const queued = await Promise.all([
    sweepAvailableEarnings(testApp.app.db),
    sweepAvailableEarnings(testApp.app.db),
  ])
  expect(queued.reduce((sum, count) => sum + count, 0)).toBe(1)
  expect(await sweepAvailableEarnings(testApp.app.db)).toBe(0)
  await testApp.app.pushDispatcher.wake()
  const messages = requestsTo(path).map((request) => decryptedMessage(request, keys))
  expect(messages.filter((message) => message.tag === 'earnings')).toEqual([
    {
      title: 'Ganancias disponibles',
      body: '20,00\u00a0€ ya se pueden cobrar.',
      url: '/dashboard/deal/payment',
      tag: 'earnings',
    },
  ])
})

test('an account keeps its newest devices only, so one event cannot fan out to thousands of requests', async () => {
  const user = await makeUser(testApp.app, { username: 'push_many' })
  const devices: string[] = []
  for (let index = 0; index < MAX_DEVICES + 3; index++) devices.push((await subscribe(user)).device.id)
  const kept = await testApp.app.db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, user.id))
  expect(kept).toHaveLength(MAX_DEVICES)
  // The newest stay; the first ones subscribed are gone.
  expect(kept.map((row) => row.id)).toContain(devices.at(-1))
  expect(kept.map((row) => row.id)).not.toContain(devices[0])
})
