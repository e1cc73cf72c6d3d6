/**
 * Attacker's tests of the Idempotency-Key on the actions a queue may send twice:
 * the page's `online` path and the service worker's Background Sync may both send one queued action,
 * at once or one after the other; it must be applied once, and every copy answered alike.
 * Run on PGlite and on PostgreSQL (DATABASE_URL), where the copies really race through the pool.
 */
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { deals, idempotentRequests, missions, users } from '#server/db/schema.ts'
import { pruneIdempotentRequests, requestFingerprint } from '#server/http/idempotency.ts'
import { endpoint } from '#shared/endpoints.ts'
import { call } from '../support/call'
import { createTestApp, type TestApp } from '../support/test-app'
import { makeUser, type TestUser } from '../support/test-users'
import { makeMission } from './deals-fixtures'

let t: TestApp
let ada: TestUser
let bob: TestUser

beforeAll(async () => {
  t = await createTestApp()
  ada = await makeUser(t.app, { username: 'ada_idem' })
  bob = await makeUser(t.app, { username: 'bob_idem' })
})
afterAll(() => t?.close())

const take = (user: TestUser, missionCode: string, key?: string) =>
  call(t.app, 'subscriptionCreate', {
    params: { code: missionCode, username: user.username },
    headers: { ...user.auth, ...(key === undefined ? {} : { 'idempotency-key': key }) },
  })

const editPhone = (user: TestUser, phone: string, key: string) =>
  call(t.app, 'userUpdate', {
    params: { user: user.username },
    headers: { ...user.auth, 'idempotency-key': key },
    body: { phone },
  })

async function dealCount(userId: string, missionCode: string): Promise<number> {
  const [row] = await t.app.db
    .select({ n: sql<number>`count(*)::int` })
    .from(deals)
    .innerJoin(missions, eq(missions.id, deals.missionId))
    .where(and(eq(deals.userId, userId), eq(missions.code, missionCode)))
  return row?.n ?? 0
}

test('10 concurrent copies of one take with one key: one deal, one answer replayed 9 times', async () => {
  const mission = await makeMission(t.app)
  const answers = await Promise.all(Array.from({ length: 10 }, () => take(ada, mission, 'take-once')))
  expect(answers.map((answer) => answer.statusCode)).toEqual(Array(10).fill(201))
  expect(new Set(answers.map((answer) => answer.body)).size).toBe(1)
  const replayed = answers.filter((answer) => answer.headers['idempotent-replayed'] === 'true')
  expect(replayed).toHaveLength(9)
  expect(await dealCount(ada.id, mission)).toBe(1)

  // Sent again later (the worker after the page, or the other way round): the same first answer.
  const later = await take(ada, mission, 'take-once')
  expect(later.statusCode).toBe(201)
  expect(later.headers['idempotent-replayed']).toBe('true')
  expect(later.body).toBe(answers[0]?.body)
  expect(await dealCount(ada.id, mission)).toBe(1)
})

test('a key reused for another request is refused with a clear code, and nothing is applied', async () => {
  const first = await makeMission(t.app)
  const other = await makeMission(t.app)
  expect((await take(ada, first, 'reused-key')).statusCode).toBe(201)
  const reused = await take(ada, other, 'reused-key')
  expect(reused.statusCode).toBe(422)
  expect(reused.json()).toMatchObject({
    code: 'UNPROCESSABLE',
    errors: { errors: ['idempotency.key_reused'] },
  })
  expect(await dealCount(ada.id, other)).toBe(0)

  // The same key on another endpoint is another request too.
  const elsewhere = await editPhone(ada, '+33 6 12 34 56 78', 'reused-key')
  expect(elsewhere.statusCode).toBe(422)
  const [row] = await t.app.db.select({ phone: users.phone }).from(users).where(eq(users.id, ada.id))
  expect(row?.phone).toBeNull()
})

test("another user's key does not collide: the same key is theirs to use", async () => {
  const mission = await makeMission(t.app)
  const adaTakes = await take(ada, mission, 'shared-key')
  const bobTakes = await take(bob, mission, 'shared-key')
  expect(adaTakes.statusCode).toBe(201)
  expect(bobTakes.statusCode).toBe(201)
  expect(bobTakes.headers['idempotent-replayed']).toBeUndefined()
  expect(bobTakes.json().code).not.toBe(adaTakes.json().code)
  expect(await dealCount(bob.id, mission)).toBe(1)
})

test('a profile edit sent twice with its key is applied once; the copy with another body is refused', async () => {
  const key = 'profile-edit-1'
  const first = await editPhone(bob, '+33 6 00 00 00 01', key)
  expect(first.statusCode).toBe(200)
  // Meanwhile the streamer edits again online (another key): the old copy must not overwrite it.
  expect((await editPhone(bob, '+33 6 00 00 00 02', 'profile-edit-2')).statusCode).toBe(200)
  const copy = await editPhone(bob, '+33 6 00 00 00 01', key)
  expect(copy.headers['idempotent-replayed']).toBe('true')
  expect(copy.body).toBe(first.body)
  expect((await editPhone(bob, '+33 6 99 99 99 99', key)).statusCode).toBe(422)
  const [row] = await t.app.db.select({ phone: users.phone }).from(users).where(eq(users.id, bob.id))
  expect(row?.phone).toBe('+33 6 00 00 00 02')
})

test('a refused action keeps no answer: the same key is judged again once the refusal is gone', async () => {
  const mission = await makeMission(t.app, { status: 'draft' })
  expect((await take(ada, mission, 'after-publish')).statusCode).toBe(404)
  await t.app.db.update(missions).set({ status: 'published' }).where(eq(missions.code, mission))
  const retried = await take(ada, mission, 'after-publish')
  expect(retried.statusCode).toBe(201)
  expect(retried.headers['idempotent-replayed']).toBeUndefined()
})

test('without a key nothing changes; a malformed key is refused', async () => {
  const mission = await makeMission(t.app)
  expect((await take(bob, mission)).statusCode).toBe(201)
  expect((await take(bob, mission)).statusCode).toBe(409)
  const malformed = await take(ada, mission, 'x'.repeat(201))
  expect(malformed.statusCode).toBe(400)
  expect(malformed.json().errors).toEqual({ errors: ['idempotency.key_invalid'] })
  expect(await dealCount(ada.id, mission)).toBe(0)
})

test('claims older than a day are pruned by the retention pass, newer ones kept', async () => {
  const mission = await makeMission(t.app)
  await take(ada, mission, 'old-key')
  await t.app.db
    .update(idempotentRequests)
    .set({ createdAt: new Date(Date.now() - 25 * 60 * 60 * 1000) })
    .where(and(eq(idempotentRequests.userId, ada.id), eq(idempotentRequests.key, 'old-key')))
  expect(await pruneIdempotentRequests(t.app.db)).toBe(1)
  const kept = await t.app.db.select().from(idempotentRequests).where(eq(idempotentRequests.userId, ada.id))
  expect(kept.length).toBeGreaterThan(0)
  expect(kept.some((row) => row.key === 'old-key')).toBe(false)
})

test('no password reaches a stored fingerprint (a fast hash of it could be reversed by guessing)', () => {
  const change = (plainPassword: string) =>
    requestFingerprint('userUpdate', { user: 'ada' }, { currentPassword: 'Old-1', plainPassword }, {})
  expect(change('Secret-one-1')).toBe(change('Secret-two-2'))
  expect(requestFingerprint('userUpdate', { user: 'ada' }, { phone: '1' }, {})).not.toBe(
    requestFingerprint('userUpdate', { user: 'ada' }, { phone: '2' }, {}),
  )
})

test('a retry whose JSON lists the same fields in another order is the same request: replayed, not refused', async () => {
  // Raw JSON text, so the order of its fields is the test's.
  const send = (json: string) =>
    t.app.inject({
      method: 'PUT',
      url: endpoint('userUpdate', { user: bob.username }),
      headers: { ...bob.auth, 'idempotency-key': 'reordered-body', 'content-type': 'application/json' },
      payload: json,
    })
  const first = await send('{"phone":"+33 6 00 00 00 07","locale":"fr"}')
  expect(first.statusCode).toBe(200)
  // A queue that rebuilt its body (or a client whose serialiser orders keys) sends them the other way.
  const retry = await send('{"locale":"fr","phone":"+33 6 00 00 00 07"}')
  expect(retry.statusCode, retry.body).toBe(200)
  expect(retry.headers['idempotent-replayed']).toBe('true')
  expect(retry.body).toBe(first.body)
  // Another value under the same key is still another request.
  expect((await send('{"locale":"es","phone":"+33 6 00 00 00 07"}')).statusCode).toBe(422)
})

test('fingerprints sort object keys at every level and keep the order of arrays', () => {
  const print = (body: unknown) => requestFingerprint('walletCreate', { username: 'ada' }, body, {})
  const person = { firstName: 'Ada', lastName: 'L', address: { city: 'Paris', country: 'FR' } }
  const reordered = { address: { country: 'FR', city: 'Paris' }, lastName: 'L', firstName: 'Ada' }
  expect(print({ kind: 'person', person })).toBe(print({ person: reordered, kind: 'person' }))
  expect(print({ tags: ['a', 'b'] })).not.toBe(print({ tags: ['b', 'a'] }))
})
