import { PDFDocument } from 'pdf-lib'
import { afterAll, beforeAll, expect, test } from 'vitest'
import type { QueryInputOf } from '#shared/contract/api.ts'
import { endpoint } from '#shared/endpoints.ts'
import { call } from '../support/call'
import { createTestApp, type TestApp } from '../support/test-app'
import { makeUser, type TestUser } from '../support/test-users'
import { makeMission } from './deals-fixtures'

let testApp: TestApp
let alice: TestUser
let bob: TestUser

beforeAll(async () => {
  testApp = await createTestApp()
  alice = await makeUser(testApp.app, { username: 'Alice' })
  bob = await makeUser(testApp.app, { username: 'bob' })
})

afterAll(async () => {
  await testApp?.close()
})

type Method = 'GET' | 'POST' | 'PUT'
const send = (method: Method, url: string, headers: Record<string, string> = {}, payload?: object) =>
  testApp.app.inject({ method, url, headers, ...(payload ? { payload } : {}) })

const take = (code: string, user: TestUser) =>
  call(testApp.app, 'subscriptionCreate', { params: { code, username: user.username }, headers: user.auth })

test('taking a mission creates an in-progress deal with a short code and a 128-bit+ widget token', async () => {
  const code = await makeMission(testApp.app, { spots: 3 })
  const response = await take(code, alice)
  expect(response.statusCode).toBe(201)
  const deal = response.json()
  expect(deal.state).toBe('inprogress')
  expect(deal.code).toMatch(/^[0-9A-Z]{8}$/)
  expect(deal.mission.code).toBe(code)
  expect(deal.user.username).toBe('Alice')
  expect(deal.progress).toBe(0)
  expect(deal.earned).toEqual({ amount: 0, currency: 'EUR' })
  // 22 base64url characters carry 132 bits.
  expect(deal.widgetToken.length).toBeGreaterThanOrEqual(22)
  expect(deal.mission.spotsLeft).toBe(2)

  const read = await call(testApp.app, 'subscriptionGet', {
    params: { code, username: 'alice' },
    headers: alice.auth,
  })
  expect(read.json().code).toBe(deal.code)
  const events = (
    await call(testApp.app, 'userDealTriggers', { params: { username: 'alice', code }, headers: alice.auth })
  ).json()
  expect(events.items.map((event: { type: string }) => event.type)).toEqual(['subscribed'])
})

test('a second deal on the same mission is refused with a 409 and a general key', async () => {
  const code = await makeMission(testApp.app)
  expect((await take(code, alice)).statusCode).toBe(201)
  const again = await take(code, alice)
  expect(again.statusCode).toBe(409)
  expect(again.json()).toMatchObject({ code: 'CONFLICT', errors: { errors: ['deal.already_taken'] } })
})

test('closed, full, not-started and ended missions are refused; drafts and unknown codes are 404', async () => {
  const hour = 3_600_000
  const closed = await makeMission(testApp.app, { status: 'closed' })
  const full = await makeMission(testApp.app, { spots: 1 })
  const future = await makeMission(testApp.app, { startsAt: new Date(Date.now() + hour) })
  const ended = await makeMission(testApp.app, {
    startsAt: new Date(Date.now() - 2 * hour),
    endsAt: new Date(Date.now() - hour),
  })
  const draft = await makeMission(testApp.app, { status: 'draft' })
  expect((await take(full, bob)).statusCode).toBe(201)
  const expectations: Array<[string, string]> = [
    [closed, 'deal.mission_closed'],
    [full, 'deal.mission_full'],
    [future, 'deal.mission_not_started'],
    [ended, 'deal.mission_ended'],
  ]
  for (const [code, key] of expectations) {
    const response = await take(code, alice)
    expect(response.statusCode, key).toBe(409)
    expect(response.json().errors.errors).toEqual([key])
  }
  expect((await take(draft, alice)).json().code).toBe('NOT_FOUND')
  expect((await take('no-such-mission', alice)).statusCode).toBe(404)
})

test('a stopped deal gives its spot back', async () => {
  const code = await makeMission(testApp.app, { spots: 1 })
  await take(code, bob)
  await call(testApp.app, 'userDealStop', { params: { username: 'bob', code }, headers: bob.auth })
  expect((await take(code, alice)).statusCode).toBe(201)
})

test('other users and anonymous callers cannot read or change a deal', async () => {
  const code = await makeMission(testApp.app)
  await take(code, alice)
  expect((await take(code, { ...bob, username: 'alice' })).statusCode).toBe(403)
  expect(
    (await call(testApp.app, 'userDeal', { params: { username: 'alice', code }, headers: bob.auth })).json()
      .code,
  ).toBe('ACCESS_0001')
  expect(
    (await call(testApp.app, 'userDealStop', { params: { username: 'alice', code }, headers: bob.auth }))
      .statusCode,
  ).toBe(403)
  expect((await call(testApp.app, 'userDeals', { params: { username: 'alice' } })).json().code).toBe(
    'AUTH_0001',
  )
  expect(
    (await call(testApp.app, 'userDealInvoice', { params: { username: 'alice', code }, headers: bob.auth }))
      .statusCode,
  ).toBe(403)
})

test('the deals list filters by repeated state parameters and refuses malformed ones', async () => {
  const user = await makeUser(testApp.app, { username: 'carol' })
  const running = await makeMission(testApp.app)
  const stopped = await makeMission(testApp.app)
  await take(running, user)
  await take(stopped, user)
  await call(testApp.app, 'userDealStop', {
    params: { username: 'carol', code: stopped },
    headers: user.auth,
  })
  const list = async (query: QueryInputOf<'userDeals'>) =>
    (
      await call(testApp.app, 'userDeals', { params: { username: 'carol' }, query, headers: user.auth })
    ).json()
  expect((await list({})).items).toHaveLength(2)
  const inprogress = await list({ state: 'inprogress' })
  expect(inprogress.items.map((deal: { mission: { code: string } }) => deal.mission.code)).toEqual([running])
  expect((await list({ state: ['inprogress', 'stopped'] })).items).toHaveLength(2)
  expect((await list({ state: 'finished' })).items).toEqual([])
  // Off the contract on purpose (an unknown state), so sent as it is.
  const bad = await send(
    'GET',
    `${endpoint('userDeals', { username: 'carol' })}?state=inprogress&state=nope`,
    user.auth,
  )
  expect(bad.statusCode).toBe(400)
  expect(bad.json().code).toBe('FORM_0001')
})

test('missions can leave out the ones the signed-in user already took', async () => {
  const code = await makeMission(testApp.app)
  const user = await makeUser(testApp.app, { username: 'dave' })
  await take(code, user)
  const codes = async (headers: Record<string, string>) =>
    (await call(testApp.app, 'missions', { query: { exclude_current_user: 'true' }, headers: headers }))
      .json()
      .items.map((mission: { code: string }) => mission.code)
  expect(await codes(user.auth)).not.toContain(code)
  expect(await codes({})).toContain(code)
})

test('an unknown deal is a contract 404, and stopping twice is a 409', async () => {
  expect(
    (
      await call(testApp.app, 'userDeal', {
        params: { username: 'alice', code: 'nope' },
        headers: alice.auth,
      })
    ).json().code,
  ).toBe('NOT_FOUND')
  expect(
    (
      await call(testApp.app, 'userDealTriggers', {
        params: { username: 'alice', code: 'nope' },
        headers: alice.auth,
      })
    ).statusCode,
  ).toBe(404)
  const code = await makeMission(testApp.app)
  await take(code, alice)
  const stop = await call(testApp.app, 'userDealStop', {
    params: { username: 'alice', code },
    headers: alice.auth,
  })
  expect(stop.statusCode).toBe(200)
  expect(stop.json().state).toBe('stopped')
  const again = await call(testApp.app, 'userDealStop', {
    params: { username: 'alice', code },
    headers: alice.auth,
  })
  expect(again.statusCode).toBe(409)
  expect(again.json().errors.errors).toEqual(['deal.not_in_progress'])
  const events = (
    await call(testApp.app, 'userDealTriggers', { params: { username: 'alice', code }, headers: alice.auth })
  ).json().items
  expect(events.map((event: { type: string }) => event.type)).toEqual(['stopped', 'subscribed'])
})

test('the invoice is a real PDF, also through the absolute-link form with the token in the query', async () => {
  const code = await makeMission(testApp.app)
  await take(code, alice)
  const direct = await call(testApp.app, 'userDealInvoice', {
    params: { username: 'alice', code },
    headers: alice.auth,
  })
  expect(direct.statusCode).toBe(200)
  expect(direct.headers['content-type']).toBe('application/pdf')
  expect(direct.headers['content-disposition']).toMatch(/attachment; filename="streamdeals-[0-9A-Z]{8}\.pdf"/)
  expect(direct.rawPayload.subarray(0, 5).toString()).toBe('%PDF-')
  const pdf = await PDFDocument.load(direct.rawPayload)
  expect(pdf.getPageCount()).toBe(1)
  // The session in the query (the absolute link's form) is not in the contract, so sent as it is.
  const link = await send(
    'GET',
    `${endpoint('userDealInvoice', { username: 'alice', code })}?authorization=Bearer%20${alice.token}`,
  )
  expect(link.statusCode).toBe(200)
  expect(link.headers['content-type']).toBe('application/pdf')
})

test('the widget answers by token, and a regenerated token revokes the old one', async () => {
  const code = await makeMission(testApp.app, { goal: 40 })
  const deal = (await take(code, alice)).json()
  const widget = await call(testApp.app, 'widget', { params: { token: deal.widgetToken } })
  expect(widget.statusCode).toBe(200)
  expect(widget.json()).toMatchObject({
    progress: 0,
    goal: 40,
    state: 'inprogress',
    theme: expect.any(String),
  })
  expect(widget.json()).not.toHaveProperty('earned')
  const fresh = await call(testApp.app, 'userDealWidgetToken', {
    params: { username: 'alice', code },
    headers: alice.auth,
  })
  expect(fresh.statusCode).toBe(200)
  expect(fresh.json().widgetToken).not.toBe(deal.widgetToken)
  expect((await call(testApp.app, 'widget', { params: { token: deal.widgetToken } })).statusCode).toBe(404)
  expect(
    (await call(testApp.app, 'widget', { params: { token: fresh.json().widgetToken } })).statusCode,
  ).toBe(200)
  expect((await call(testApp.app, 'widget', { params: { token: 'short' } })).json().code).toBe('NOT_FOUND')
  expect(
    (
      await call(testApp.app, 'userDealWidgetToken', {
        params: { username: 'alice', code },
        headers: bob.auth,
      })
    ).statusCode,
  ).toBe(403)
})
