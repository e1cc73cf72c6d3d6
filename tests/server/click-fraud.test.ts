import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { dealEvents, deals, sessions } from '#server/db/schema.ts'
import { clickAddress, clickNetwork } from '#server/features/deals/click-identity.ts'
import type { QueryInputOf } from '#shared/contract/api.ts'
import { call } from '../support/call'
import { createTestApp, type TestApp } from '../support/test-app'
import { makeUser, type TestUser } from '../support/test-users'
import { signin, signup, strongPassword } from './auth-helpers'
import {
  clickRows,
  clicksByReason,
  dealRow,
  rotatedAgent,
  settlement,
  takeMission,
  tap,
  visit as visitApi,
} from './click-fraud-fixtures'

let testApp: TestApp
let streamer: TestUser
let admin: TestUser

beforeAll(async () => {
  testApp = await createTestApp()
  streamer = await makeUser(testApp.app, { username: 'Streamer' })
  admin = await makeUser(testApp.app, { username: 'root', admin: true })
})

afterAll(async () => {
  await testApp?.close()
})

const app = () => testApp.app

/**
 * A viewer follows the shared link (the server's redirect), answered once its click is settled; a
 * `check` call is the app's landing page, which only asks for the brand's link.
 */
async function visit(...[target, mission, username, options = {}]: Parameters<typeof visitApi>) {
  if (options.kind === 'check') return visitApi(target, mission, username, options)
  const answer = await tap(target, mission, username, options)
  await settlement(target)
  return answer
}

test('a click is its network and its prefix: IPv4 as is, IPv6 by its /64 and /48, mapped IPv6 as IPv4', () => {
  expect(clickAddress('203.0.113.7')).toEqual({ network: '203.0.113.7', prefix: '203.0.113.7' })
  expect(clickAddress('::ffff:203.0.113.7')?.network).toBe('203.0.113.7')
  expect(clickAddress('::FFFF:cb00:7107')?.network).toBe('203.0.113.7')
  expect(clickAddress('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toEqual({
    network: '2001:db8:1:2::/64',
    prefix: '2001:db8:1::/48',
  })
  expect(clickAddress('2001:0db8:0001:0002::1')?.network).toBe('2001:db8:1:2::/64')
  expect(clickAddress('fe80::1%eth0')?.network).toBe('fe80::/64')
  expect(clickNetwork('2001:db8:1:3::1')).not.toBe(clickNetwork('2001:db8:1:2::1'))
  for (const forged of ['not-an-ip', '999.1.1.1', '127.1', '', '2001:db8::g'])
    expect(clickAddress(forged)).toBeNull()
})

test('200 clicks from one address with 200 different user agents credit one click', async () => {
  const { mission, dealId } = await takeMission(app(), streamer)
  for (let index = 0; index < 200; index += 1) {
    const response = await visit(app(), mission, 'streamer', { ip: '198.51.100.50', ua: rotatedAgent(index) })
    expect(response.statusCode).toBe(302)
    expect(response.headers.location).toBe('https://brand.example/go?ref=Streamer')
  }
  const row = await dealRow(app(), dealId)
  expect(row.progress).toBe(1)
  expect(row.earnedCents).toBe(25)
  const counted = await clicksByReason(app(), dealId)
  expect(counted.valid).toBe(1)
  expect(Object.values(counted).reduce((sum, value) => sum + value, 0)).toBe(200)
})

test('addresses rotated inside one IPv6 /48, or IPv4 written as IPv6, are one visitor', async () => {
  const { mission, dealId } = await takeMission(app(), streamer)
  for (const ip of ['2001:db8:7:7::1', '2001:db8:7:7:1::2', '2001:db8:7:ff07:ffff:ffff:ffff:fffe']) {
    await visit(app(), mission, 'streamer', { ip })
  }
  await visit(app(), mission, 'streamer', { ip: '198.51.100.60' })
  await visit(app(), mission, 'streamer', { ip: '::ffff:198.51.100.60' })
  await visit(app(), mission, 'streamer', { ip: '2001:db8:8:7::1' })
  expect((await dealRow(app(), dealId)).progress).toBe(3)
})

test('the owner’s own clicks are never credited: signed in, or from where they signed in today', async () => {
  const owner = await signup(app())
  const signedIn = await signin(app(), owner.username, strongPassword, '192.0.2.40')
  expect(signedIn.statusCode).toBe(200)
  const ownerUser = { id: owner.user.id, username: owner.username, token: owner.token, auth: owner.auth }
  await signin(app(), owner.username, strongPassword, '2001:db8:40:40::1')
  const { mission, dealId } = await takeMission(app(), ownerUser)
  const clicks = [
    // Signed in: the app's own page, whose API call carries the session.
    visitApi(app(), mission, owner.username, { ip: '192.0.2.99', auth: owner.auth }),
    visit(app(), mission, owner.username, { ip: '192.0.2.40' }),
    visit(app(), mission, owner.username, { ip: '::ffff:192.0.2.40' }),
    visit(app(), mission, owner.username, { ip: '2001:db8:40:40:9::9' }),
  ]
  const [signedInClick, ...followed] = await Promise.all(clicks)
  expect(signedInClick?.json().url).toContain('brand.example')
  for (const response of followed) expect(response.headers.location).toContain('brand.example')
  expect((await dealRow(app(), dealId)).progress).toBe(0)
  expect(await clicksByReason(app(), dealId)).toEqual({ owner: 4 })

  // A sign-in older than 24 h no longer marks its address; a viewer elsewhere was always credited.
  await app()
    .db.update(sessions)
    .set({ createdAt: new Date(Date.now() - 25 * 3_600_000) })
    .where(eq(sessions.userId, owner.user.id))
  await visit(app(), mission, owner.username, { ip: '192.0.2.40' })
  await visit(app(), mission, owner.username, { ip: '192.0.2.41' })
  expect((await dealRow(app(), dealId)).progress).toBe(2)
})

test('headless browsers, automation and scripts are redirected, never recorded nor credited', async () => {
  const { mission, dealId } = await takeMission(app(), streamer)
  const agents = [
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/124.0.0.0 Safari/537.36',
    'Mozilla/5.0 (Unknown; Linux x86_64) AppleWebKit/538.1 (KHTML, like Gecko) PhantomJS/2.1.1 Safari/538.1',
    'python-requests/2.31.0',
    'Wget/1.21.4',
    'curl/8.5.0',
    'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
    '',
  ]
  for (const [index, ua] of agents.entries()) {
    const response = await visit(app(), mission, 'streamer', { ip: `192.0.2.${120 + index}`, ua })
    expect(response.headers.location).toContain('brand.example')
  }
  expect((await dealRow(app(), dealId)).progress).toBe(0)
  expect(await clicksByReason(app(), dealId)).toEqual({})
  // Through the in-app page's call they are recorded, as invalid.
  for (const [index, ua] of agents.entries()) {
    await visitApi(app(), mission, 'streamer', { ip: `192.0.2.${120 + index}`, ua })
  }
  expect(await clicksByReason(app(), dealId)).toEqual({ bot: agents.length })
})

test('over its per-address limit a viewer still lands on the brand page; only the credit is refused', async () => {
  const { mission: browsed } = await takeMission(app(), streamer)
  const { mission, dealId } = await takeMission(app(), streamer)
  for (let index = 0; index < 30; index += 1) {
    expect((await visit(app(), browsed, 'streamer', { ip: '192.0.2.150', kind: 'check' })).statusCode).toBe(
      200,
    )
  }
  const limited = await visit(app(), mission, 'streamer', { ip: '192.0.2.150' })
  expect(limited.statusCode).toBe(302)
  expect(limited.headers.location).toBe('https://brand.example/go?ref=Streamer')
  expect(await clicksByReason(app(), dealId)).toEqual({ rate_limited: 1 })
  await visit(app(), mission, 'streamer', { ip: '192.0.2.151' })
  expect((await dealRow(app(), dealId)).progress).toBe(1)
})

test('one address gives at most 20 valid clicks a day across all deals', async () => {
  const taken = []
  for (let index = 0; index < 21; index += 1) taken.push(await takeMission(app(), streamer))
  for (const { mission } of taken) await visit(app(), mission, 'streamer', { ip: '192.0.2.160' })
  const credited = await Promise.all(taken.map(async ({ dealId }) => (await dealRow(app(), dealId)).progress))
  expect(credited.reduce((sum, value) => sum + value, 0)).toBe(20)
  const last = taken[20]
  if (!last) throw new Error('21 deals were taken')
  expect(await clicksByReason(app(), last.dealId)).toEqual({ address_daily_cap: 1 })
  await visit(app(), last.mission, 'streamer', { ip: '192.0.2.161' })
  expect((await dealRow(app(), last.dealId)).progress).toBe(1)
})

test('clicks on 25 deals at once from one address still stop at 20 credits', async () => {
  const taken = []
  for (let index = 0; index < 25; index += 1) taken.push(await takeMission(app(), streamer))
  await Promise.all(taken.map(({ mission }) => visit(app(), mission, 'streamer', { ip: '192.0.2.165' })))
  const credited = await Promise.all(taken.map(async ({ dealId }) => (await dealRow(app(), dealId)).progress))
  expect(credited.reduce((sum, value) => sum + value, 0)).toBe(20)
})

const clickFromAddresses = async (mission: string, count: number, subnet: number) => {
  for (let index = 0; index < count; index += 1) {
    await visit(app(), mission, 'streamer', {
      ip: `10.${subnet}.${Math.floor(index / 250)}.${(index % 250) + 1}`,
    })
  }
}

test('a burst far above the deal’s usual pace flags the deal for review', async () => {
  const calm = await takeMission(app(), streamer)
  await clickFromAddresses(calm.mission, 30, 20)
  const bought = await takeMission(app(), streamer)
  await clickFromAddresses(bought.mission, 31, 21)
  // An established deal at ~35 clicks per 10 minutes over a day: 31 more is its usual pace.
  const busy = await takeMission(app(), streamer)
  await app()
    .db.update(deals)
    .set({ createdAt: new Date(Date.now() - 24 * 3_600_000), progress: 5000 })
    .where(eq(deals.id, busy.dealId))
  await clickFromAddresses(busy.mission, 31, 22)

  expect((await dealRow(app(), calm.dealId)).flaggedAt).toBeNull()
  expect((await dealRow(app(), busy.dealId)).flaggedAt).toBeNull()
  const flagged = await dealRow(app(), bought.dealId)
  expect(flagged.flagReason).toBe('click_burst')
  expect(flagged.flaggedAt).toBeInstanceOf(Date)
  expect(flagged.progress).toBe(31)
})

test('the admin deal list shows why a deal is flagged, and ?flagged=true lists only those', async () => {
  const quiet = await takeMission(app(), streamer)
  const suspect = await takeMission(app(), streamer)
  await app()
    .db.update(deals)
    .set({ flaggedAt: new Date(), flagReason: 'click_burst' })
    .where(eq(deals.id, suspect.dealId))
  const list = async (query: QueryInputOf<'adminDeals'>) => {
    const response = await call(app(), 'adminDeals', { query, headers: admin.auth })
    expect(response.statusCode).toBe(200)
    return response.json().items as Array<{
      code: string
      flagReason: string | null
      flaggedAt: string | null
    }>
  }
  const flagged = await list({ flagged: 'true' })
  expect(flagged.map((item) => item.code)).toContain(suspect.dealCode)
  expect(flagged.map((item) => item.code)).not.toContain(quiet.dealCode)
  expect(flagged.find((item) => item.code === suspect.dealCode)).toMatchObject({
    flagReason: 'click_burst',
    flaggedAt: expect.any(String),
  })
  const all = await list({})
  expect(all.find((item) => item.code === quiet.dealCode)).toMatchObject({
    flagReason: null,
    flaggedAt: null,
  })
  expect((await list({ flagged: 'false' })).map((item) => item.code)).not.toContain(suspect.dealCode)
})

test('repeated refusals of one visitor are counted on one row, not stored once each', async () => {
  const { mission, dealId } = await takeMission(app(), streamer)
  for (let index = 0; index < 12; index += 1) await visit(app(), mission, 'streamer', { ip: '192.0.2.170' })
  expect(await clickRows(app(), dealId)).toEqual([
    { valid: true, reason: null, occurrences: 1 },
    { valid: false, reason: 'duplicate_visitor', occurrences: 11 },
  ])
})

test('a refusal counts its repeats for 24 hours from its first sighting, whatever the calendar says', async () => {
  const { mission, dealId } = await takeMission(app(), streamer)
  // A script's click through the in-app page's call: recorded as a bot's.
  const refuse = () => visitApi(app(), mission, 'streamer', { ip: '192.0.2.175', ua: 'curl/8.5.0' })
  const firstSeen = async (hoursAgo: number) =>
    app()
      .db.update(dealEvents)
      .set({ createdAt: new Date(Date.now() - hoursAgo * 3_600_000) })
      .where(eq(dealEvents.dealId, dealId))
  await refuse()
  // 23 hours ago was yesterday for most of the day: still the same row.
  await firstSeen(23)
  await refuse()
  expect(await clickRows(app(), dealId)).toEqual([{ valid: false, reason: 'bot', occurrences: 2 }])
  // Past 24 hours a new row starts.
  await firstSeen(25)
  await refuse()
  expect(await clickRows(app(), dealId)).toEqual([
    { valid: false, reason: 'bot', occurrences: 2 },
    { valid: false, reason: 'bot', occurrences: 1 },
  ])
})
