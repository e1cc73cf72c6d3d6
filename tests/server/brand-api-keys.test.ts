/**
 * Brand API keys, as an attacker would try them: a read key writing, a key of one brand reading or
 * pausing another's missions, a key on routes outside the brand API, a revoked key, a key in a link.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { brandApiKeys } from '#server/db/schema-integrators.ts'
import { createTestApp, type TestApp } from '../support/test-app'
import { makeBrand, makeBrandMission, makeMember } from './brand-fixtures'

let testApp: TestApp
beforeAll(async () => {
  testApp = await createTestApp({ seed: false })
})
afterAll(() => testApp?.close())

let brands = 0
async function brandWithKeys() {
  brands += 1
  const { app } = testApp
  const brand = await makeBrand(app, `keys-${brands}`)
  const owner = await makeMember(app, brand, `key_owner_${brands}`)
  const mission = await makeBrandMission(app, brand)
  const create = async (scope: 'read' | 'write') => {
    const response = await app.inject({
      method: 'POST',
      url: `/api/providers/${brand.slug}/api-keys`,
      headers: owner.auth,
      payload: { name: `${scope} key`, scope },
    })
    expect(response.statusCode).toBe(201)
    return response.json() as { id: string; key: string; prefix: string }
  }
  return { brand, owner, mission, read: await create('read'), write: await create('write') }
}

const bearer = (key: string) => ({ authorization: `Bearer ${key}` })
const get = (url: string, key: string) => testApp.app.inject({ method: 'GET', url, headers: bearer(key) })
const pause = (slug: string, code: string, key: string) =>
  testApp.app.inject({
    method: 'PUT',
    url: `/api/providers/${slug}/missions/${code}/state`,
    headers: bearer(key),
    payload: { status: 'paused' },
  })

test('a key is shown once, reads its brand, and writes only with the write scope', async () => {
  const { brand, mission, read, write, owner } = await brandWithKeys()
  expect(read.key).toMatch(/^sdk_live_[A-Za-z0-9_-]{43}$/)
  expect(read.key.startsWith(read.prefix)).toBe(true)
  const listed = await testApp.app.inject({
    method: 'GET',
    url: `/api/providers/${brand.slug}/api-keys`,
    headers: owner.auth,
  })
  expect(listed.body).not.toContain(read.key)
  expect((await get(`/api/providers/${brand.slug}/missions`, read.key)).statusCode).toBe(200)
  expect((await get(`/api/providers/${brand.slug}/missions/${mission}/results`, read.key)).statusCode).toBe(
    200,
  )
  // Read-only: refused on a write, and the mission is untouched.
  expect((await pause(brand.slug, mission, read.key)).statusCode).toBe(403)
  const after = await get(`/api/providers/${brand.slug}/missions`, read.key)
  expect(after.json().items[0].status).toBe('published')
  const paused = await pause(brand.slug, mission, write.key)
  expect(paused.statusCode).toBe(200)
  expect(paused.json().status).toBe('paused')
})

test("a key never reaches another brand's data, by slug or by mission code", async () => {
  const mine = await brandWithKeys()
  const theirs = await brandWithKeys()
  expect((await get(`/api/providers/${theirs.brand.slug}/missions`, mine.write.key)).statusCode).toBe(403)
  expect(
    (await get(`/api/providers/${theirs.brand.slug}/missions/${theirs.mission}/results`, mine.read.key))
      .statusCode,
  ).toBe(403)
  expect((await pause(theirs.brand.slug, theirs.mission, mine.write.key)).statusCode).toBe(403)
  // Its own slug with the other brand's mission code: not found, and nothing paused.
  expect((await pause(mine.brand.slug, theirs.mission, mine.write.key)).statusCode).toBe(404)
  const theirMissions = await get(`/api/providers/${theirs.brand.slug}/missions`, theirs.read.key)
  expect(theirMissions.json().items[0].status).toBe('published')
})

test('a key reaches no route outside the brand API, and never as an owner', async () => {
  const { brand, write, owner } = await brandWithKeys()
  expect((await get(`/api/providers/${brand.slug}/webhooks`, write.key)).statusCode).toBe(401)
  expect((await get(`/api/wallets/user/${owner.username}`, write.key)).statusCode).toBe(401)
  const minted = await testApp.app.inject({
    method: 'POST',
    url: `/api/providers/${brand.slug}/api-keys`,
    headers: bearer(write.key),
    payload: { name: 'minted by a key', scope: 'write' },
  })
  expect(minted.statusCode).toBe(401)
  // Public routes answer as to anyone.
  expect((await get('/api/deals/missions', write.key)).statusCode).toBe(200)
  // Keys belong in headers, never in a link's query.
  const inLink = await testApp.app.inject({
    method: 'GET',
    url: `/api/providers/${brand.slug}/missions?authorization=${encodeURIComponent(`Bearer ${write.key}`)}`,
  })
  expect(inLink.statusCode).toBe(401)
})

test('a revoked key is refused at once; "last used" is stamped, at most once a minute', async () => {
  const { brand, owner, read } = await brandWithKeys()
  const url = `/api/providers/${brand.slug}/missions`
  expect((await get(url, read.key)).statusCode).toBe(200)
  const stamped = async () =>
    (await testApp.app.db.select().from(brandApiKeys).where(eq(brandApiKeys.id, read.id)))[0]?.lastUsedAt
  await expect.poll(stamped).not.toBeNull()
  const first = await stamped()
  expect((await get(url, read.key)).statusCode).toBe(200)
  expect(await stamped()).toEqual(first)
  const member = await makeMember(testApp.app, brand, `key_member_${brands}`, 'member')
  const byMember = await testApp.app.inject({
    method: 'DELETE',
    url: `/api/providers/${brand.slug}/api-keys/${read.id}`,
    headers: member.auth,
  })
  expect(byMember.statusCode).toBe(403)
  const revoked = await testApp.app.inject({
    method: 'DELETE',
    url: `/api/providers/${brand.slug}/api-keys/${read.id}`,
    headers: owner.auth,
  })
  expect(revoked.statusCode).toBe(200)
  expect(revoked.json().revokedAt).not.toBeNull()
  expect((await get(url, read.key)).statusCode).toBe(401)
})

test('a key is counted per minute like a session’s costly actions: 429 past the limit', async () => {
  const { brand, read } = await brandWithKeys()
  const url = `/api/providers/${brand.slug}/missions`
  const answers = await Promise.all(Array.from({ length: 310 }, () => get(url, read.key)))
  const statuses = answers.map((answer) => answer.statusCode)
  expect(statuses.filter((status) => status === 200)).toHaveLength(300)
  expect(statuses.filter((status) => status === 429)).toHaveLength(10)
})
