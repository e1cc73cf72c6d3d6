import { eq } from 'drizzle-orm'
import { io as connect, type Socket } from 'socket.io-client'
import { afterAll, beforeAll, beforeEach, expect, test, vi } from 'vitest'
import { users } from '#server/db/schema.ts'
import { call } from '../support/call'
import { createTestApp, type TestApp } from '../support/test-app'
import { makeUser, type TestUser } from '../support/test-users'
import { makeMission } from './deals-fixtures'

// A changed deal is read once after its commit, and that one read feeds both the HTTP answer and the
// socket pushes. The deal finders and the state transition are wrapped to write down, in order, each
// read of the deal's four-table join and the moment the transition committed.

const { timeline } = vi.hoisted(() => ({ timeline: [] as string[] }))

vi.mock('#server/features/deals/deals-repository.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('#server/features/deals/deals-repository.ts')>()
  const noted =
    <A extends unknown[], R>(name: string, read: (...args: A) => Promise<R>) =>
    (...args: A) => {
      timeline.push(name)
      return read(...args)
    }
  return {
    ...original,
    findDealById: noted('findDealById', original.findDealById),
    findDealByCode: noted('findDealByCode', original.findDealByCode),
    findUserDeal: noted('findUserDeal', original.findUserDeal),
    findDealByWidgetToken: noted('findDealByWidgetToken', original.findDealByWidgetToken),
  }
})

vi.mock('#server/features/deals/deal-transitions.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('#server/features/deals/deal-transitions.ts')>()
  return {
    ...original,
    endDeal: async (...args: Parameters<typeof original.endDeal>) => {
      const change = await original.endDeal(...args)
      timeline.push('committed')
      return change
    },
  }
})

let testApp: TestApp
let admin: TestUser
let owner: TestUser
let ownerSocket: Socket

beforeAll(async () => {
  testApp = await createTestApp({ listen: true })
  admin = await makeUser(testApp.app, { username: 'reads_admin', admin: true })
  owner = await makeUser(testApp.app, { username: 'reads_owner' })
  // The owner reads French: the push is in French while the answer is in the caller's language.
  await testApp.app.db.update(users).set({ locale: 'fr' }).where(eq(users.id, owner.id))
  ownerSocket = connect(testApp.url ?? '', { auth: { token: owner.token }, transports: ['websocket'] })
  await new Promise<void>((resolve) => ownerSocket.once('connect', () => resolve()))
})

afterAll(async () => {
  ownerSocket?.disconnect()
  await testApp?.close()
})

beforeEach(() => {
  timeline.length = 0
})

interface PushedDeal {
  code: string
  state: string
  updatedAt: string
  mission: { title: string }
}

const nextPush = () => new Promise<PushedDeal>((resolve) => ownerSocket.once('deal:updated', resolve))

/**
 * The owner takes a new mission: the answer, its push (awaited, so it is not taken for the next one)
 * and the deal reads the request made.
 */
async function takeMission() {
  const code = await makeMission(testApp.app)
  timeline.length = 0
  const pushed = nextPush()
  const answer = await call(testApp.app, 'subscriptionCreate', {
    params: { code, username: owner.username },
    headers: owner.auth,
  })
  expect(answer.statusCode).toBe(201)
  return { code, answer: answer.json() as PushedDeal, push: await pushed, reads: [...timeline] }
}

test('stopping a deal reads it once after the commit, for the answer and the push alike', async () => {
  const { code } = await takeMission()
  timeline.length = 0
  const pushed = nextPush()
  const answer = await call(testApp.app, 'userDealStop', {
    params: { username: owner.username, code },
    headers: owner.auth,
  })
  expect(answer.statusCode).toBe(200)
  expect(timeline).toEqual(['findUserDeal', 'committed', 'findDealById'])
  const deal = answer.json()
  const push = await pushed
  expect(push).toMatchObject({ code: deal.code, state: 'stopped', updatedAt: deal.updatedAt })
  expect(deal.mission.title).toMatch(/^Test mission/)
  expect(push.mission.title).toMatch(/^Mission de test/)
})

test('an admin finishing a deal reads it once after the commit, for the answer and the push alike', async () => {
  const { code } = await takeMission()
  const [item] = (await call(testApp.app, 'adminDeals', { query: { q: code }, headers: admin.auth })).json()
    .items
  timeline.length = 0
  const pushed = nextPush()
  const answer = await call(testApp.app, 'adminDealState', {
    params: { code: item.code },
    headers: admin.auth,
    body: { state: 'finished' },
  })
  expect(answer.statusCode).toBe(200)
  expect(timeline).toEqual(['findDealByCode', 'committed', 'findDealById'])
  const push = await pushed
  expect(push).toMatchObject({ code: item.code, state: 'finished', updatedAt: answer.json().updatedAt })
})

test('taking a mission reads the new deal once, for the answer and the push alike', async () => {
  const { answer, push, reads } = await takeMission()
  expect(reads).toEqual(['findDealById'])
  expect(push).toMatchObject({ code: answer.code, state: 'inprogress', updatedAt: answer.updatedAt })
})
