/**
 * Brand API keys, as an attacker would try them: a read key writing, a key of one brand reading or
 * pausing another's missions, a key on routes outside the brand API, a revoked key, a key in a link.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { brandApiKeys } from '#server/db/schema-integrators.ts'
import { endpoint } from '#shared/endpoints.ts'
import { call } from '../support/call'
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
    const response = await call(app, 'brandApiKeyCreate', {
      params: { slug: brand.slug },
      headers: owner.auth,
      body: { name: `${scope} key`, scope },
    })
    expect(response.statusCode).toBe(201)
    return response.answer()
  }
  return { brand, owner, mission, read: await create('read'), write: await create('write') }
}

const bearer = (key: string) => ({ authorization: `Bearer ${key}` })
const missionsOf = (slug: string, key: string) =>
  call(testApp.app, 'brandMissions', { params: { slug }, headers: bearer(key) })
const resultsOf = (slug: string, code: string, key: string) =>
  call(testApp.app, 'brandMissionResults', { params: { slug, code }, headers: bearer(key) })
const pause = (slug: string, code: string, key: string) =>
  call(testApp.app, 'brandMissionState', {
    params: { slug, code },
    headers: bearer(key),
    body: { status: 'paused' },
  })

test('a key is shown once, reads its brand, and writes only with the write scope', async () => {
  const { brand, mission, read, write, owner } = await brandWithKeys()
  expect(read.key).toMatch(/^sdk_live_[A-Za-z0-9_-]{43}$/)
  expect(read.key.startsWith(read.prefix)).toBe(true)
  const listed = await call(testApp.app, 'brandApiKeys', {
    params: { slug: brand.slug },
    headers: owner.auth,
  })
  expect(listed.body).not.toContain(read.key)
  expect((await missionsOf(brand.slug, read.key)).statusCode).toBe(200)
  expect((await resultsOf(brand.slug, mission, read.key)).statusCode).toBe(200)
  // Read-only: refused on a write, and the mission is untouched.
  expect((await pause(brand.slug, mission, read.key)).statusCode).toBe(403)
  const after = await missionsOf(brand.slug, read.key)
  expect(after.json().items[0].status).toBe('published')
  const paused = await pause(brand.slug, mission, write.key)
  expect(paused.statusCode).toBe(200)
  expect(paused.json().status).toBe('paused')
})

test("a key never reaches another brand's data, by slug or by mission code", async () => {
  const mine = await brandWithKeys()
  const theirs = await brandWithKeys()
  expect((await missionsOf(theirs.brand.slug, mine.write.key)).statusCode).toBe(403)
  expect((await resultsOf(theirs.brand.slug, theirs.mission, mine.read.key)).statusCode).toBe(403)
  expect((await pause(theirs.brand.slug, theirs.mission, mine.write.key)).statusCode).toBe(403)
  // Its own slug with the other brand's mission code: not found, and nothing paused.
  expect((await pause(mine.brand.slug, theirs.mission, mine.write.key)).statusCode).toBe(404)
  const theirMissions = await missionsOf(theirs.brand.slug, theirs.read.key)
  expect(theirMissions.json().items[0].status).toBe('published')
})

test('a key reaches no route outside the brand API, and never as an owner', async () => {
  const { brand, write, owner } = await brandWithKeys()
  const headers = bearer(write.key)
  expect(
    (await call(testApp.app, 'brandWebhooks', { params: { slug: brand.slug }, headers })).statusCode,
  ).toBe(401)
  expect(
    (await call(testApp.app, 'walletGet', { params: { username: owner.username }, headers })).statusCode,
  ).toBe(401)
  const minted = await call(testApp.app, 'brandApiKeyCreate', {
    params: { slug: brand.slug },
    headers,
    body: { name: 'minted by a key', scope: 'write' },
  })
  expect(minted.statusCode).toBe(401)
  // Public routes answer as to anyone.
  expect((await call(testApp.app, 'missions', { headers })).statusCode).toBe(200)
  // Keys belong in headers, never in a link's query (off the contract on purpose, so sent as it is).
  const inLink = await testApp.app.inject({
    method: 'GET',
    url: `${endpoint('brandMissions', { slug: brand.slug })}?authorization=${encodeURIComponent(`Bearer ${write.key}`)}`,
  })
  expect(inLink.statusCode).toBe(401)
})

test('a revoked key is refused at once; "last used" is stamped, at most once a minute', async () => {
  const { brand, owner, read } = await brandWithKeys()
  const list = () => missionsOf(brand.slug, read.key)
  expect((await list()).statusCode).toBe(200)
  const stamped = async () =>
    (await testApp.app.db.select().from(brandApiKeys).where(eq(brandApiKeys.id, read.id)))[0]?.lastUsedAt
  await expect.poll(stamped).not.toBeNull()
  const first = await stamped()
  expect((await list()).statusCode).toBe(200)
  expect(await stamped()).toEqual(first)
  const member = await makeMember(testApp.app, brand, `key_member_${brands}`, 'member')
  const revoke = (headers: Record<string, string>) =>
    call(testApp.app, 'brandApiKeyRevoke', { params: { slug: brand.slug, keyId: read.id }, headers })
  const byMember = await revoke(member.auth)
  expect(byMember.statusCode).toBe(403)
  const revoked = await revoke(owner.auth)
  expect(revoked.statusCode).toBe(200)
  expect(revoked.json().revokedAt).not.toBeNull()
  expect((await list()).statusCode).toBe(401)
})

test('a key is counted per minute like a session’s costly actions: 429 past the limit', async () => {
  const { brand, read } = await brandWithKeys()
  const answers = await Promise.all(Array.from({ length: 310 }, () => missionsOf(brand.slug, read.key)))
  const statuses = answers.map((answer) => answer.statusCode)
  expect(statuses.filter((status) => status === 200)).toHaveLength(300)
  expect(statuses.filter((status) => status === 429)).toHaveLength(10)
})
