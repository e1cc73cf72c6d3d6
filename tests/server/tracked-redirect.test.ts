/**
 * A shared tracked link answered by the server: one 302 to the brand's page, the click appended to the
 * intake before the answer and credited by the settlement behind it. Runs on both databases.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test, vi } from 'vitest'
import { clickIntake, deals } from '#server/db/schema.ts'
import { call } from '../support/call'
import { createTestApp, type TestApp } from '../support/test-app'
import { makeUser, type TestUser } from '../support/test-users'
import { clicksByReason, dealRow, settlement, takeMission, tap } from './click-fraud-fixtures'
import { missionId } from './deals-fixtures'

let testApp: TestApp
let streamer: TestUser
let other: TestUser

beforeAll(async () => {
  testApp = await createTestApp()
  streamer = await makeUser(testApp.app, { username: 'Streamer' })
  other = await makeUser(testApp.app, { username: 'Other' })
})

afterAll(async () => {
  await testApp?.close()
})

const app = () => testApp.app

const intakeRows = async (dealId: string) =>
  (await app().db.select().from(clickIntake).where(eq(clickIntake.dealId, dealId))).length

test('a tracked link answers a 302 to the brand page, never cached, with the click taken in', async () => {
  const { mission, dealId } = await takeMission(app(), streamer)
  const answer = await tap(app(), mission, 'streamer', { ip: '198.51.100.1' })
  expect(answer.statusCode).toBe(302)
  expect(answer.headers.location).toBe('https://brand.example/go?ref=Streamer')
  expect(answer.headers['cache-control']).toBe('no-store')
  expect(answer.body).not.toContain('<script')
  // Durable before the answer: the row is there as soon as the redirect is.
  expect(await intakeRows(dealId)).toBe(1)
  await settlement(app())
  expect((await dealRow(app(), dealId)).progress).toBe(1)
  expect((await dealRow(app(), dealId)).earnedCents).toBe(25)
})

test('a link remembered for a raid follows its deal: removed, it answers 404 at once', async () => {
  const { mission, dealId } = await takeMission(app(), other)
  expect((await tap(app(), mission, 'other', { ip: '198.51.100.2' })).statusCode).toBe(302)
  // An operator's delete, behind the app's back: the database's change feed is what tells the node.
  await app().db.delete(deals).where(eq(deals.id, dealId))
  await vi.waitFor(async () => {
    expect((await tap(app(), mission, 'other', { ip: '198.51.100.3' })).statusCode).toBe(404)
  })
})

test('HEAD requests, prefetches, link unfurlers and bots are redirected and never recorded', async () => {
  const { mission, dealId } = await takeMission(app(), streamer)
  const looks: Array<{ method?: 'HEAD'; headers?: Record<string, string>; ua?: string }> = [
    { method: 'HEAD' },
    { headers: { 'sec-purpose': 'prefetch' } },
    { headers: { 'sec-purpose': 'prefetch;prerender' } },
    { headers: { purpose: 'prefetch' } },
    { ua: 'Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)' },
    { ua: 'Twitterbot/1.0' },
    { ua: 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)' },
    { ua: 'TelegramBot (like TwitterBot)' },
    { ua: 'WhatsApp/2.23.20.0 A' },
    {
      ua: 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
    },
    { ua: 'Twitchbot/1.0' },
    { ua: 'curl/8.5.0' },
    {
      ua: 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
    },
  ]
  for (const [index, look] of looks.entries()) {
    const answer = await tap(app(), mission, 'streamer', {
      ip: `198.51.100.${20 + index}`,
      ...look,
    })
    expect(answer.statusCode).toBe(302)
    expect(answer.headers.location).toBe('https://brand.example/go?ref=Streamer')
  }
  expect(await intakeRows(dealId)).toBe(0)
  // The same person following the link for real is counted.
  await tap(app(), mission, 'streamer', { ip: '198.51.100.20' })
  await settlement(app())
  expect(await clicksByReason(app(), dealId)).toEqual({ valid: 1 })
})

test('an unknown mission code or streamer gets a small page in the viewer’s language, 404', async () => {
  await takeMission(app(), streamer)
  const french = await tap(app(), 'no-such-mission', 'streamer', {
    headers: { 'accept-language': 'fr-FR,fr;q=0.9' },
  })
  expect(french.statusCode).toBe(404)
  expect(french.headers['content-type']).toContain('text/html')
  expect(french.body).toContain('<html lang="fr">')
  expect(french.body).toContain('Ce lien ne mène nulle part')
  expect(french.body).toContain('<a href="/">')
  const spanish = await tap(app(), 'no-such-mission', 'nobody-here', {
    headers: { 'accept-language': 'es' },
  })
  expect(spanish.statusCode).toBe(404)
  expect(spanish.body).toContain('Este enlace no lleva a ninguna parte')
  expect((await tap(app(), 'no-such-mission', 'streamer')).body).toContain('This link leads nowhere')
  expect(await app().db.select().from(clickIntake).where(eq(clickIntake.dealId, streamer.id))).toEqual([])
})

test('every distinct visitor is credited once, however often each taps', async () => {
  const { mission, dealId } = await takeMission(app(), streamer)
  const taps = Array.from({ length: 40 }, (_, visitor) =>
    Array.from({ length: 3 }, () => tap(app(), mission, 'streamer', { ip: `192.0.2.${visitor + 1}` })),
  ).flat()
  for (const answer of await Promise.all(taps)) expect(answer.statusCode).toBe(302)
  await settlement(app())
  expect((await dealRow(app(), dealId)).progress).toBe(40)
  expect(await clicksByReason(app(), dealId)).toEqual({
    valid: 40,
    duplicate_visitor: 80,
  })
})

test('200 concurrent taps finish a deal exactly at its goal and spend a budget to the cent', async () => {
  // A goal of 150: the 151st distinct visitor finds the deal finished.
  const goal = await takeMission(app(), streamer, { goal: 150, spots: 10 })
  const goalTaps = Array.from({ length: 200 }, (_, index) =>
    tap(app(), goal.mission, 'streamer', {
      ip: `10.1.${Math.floor(index / 200)}.${(index % 200) + 1}`,
    }),
  )
  for (const answer of await Promise.all(goalTaps)) expect(answer.statusCode).toBe(302)
  await settlement(app())
  const finished = await dealRow(app(), goal.dealId)
  expect(finished).toMatchObject({
    state: 'finished',
    progress: 150,
    earnedCents: 150 * 25,
  })

  // A budget of 90 clicks shared by two streamers' deals, 100 taps on each at once.
  const budget = await takeMission(app(), streamer, { budgetCents: 90 * 25 })
  const taken = await call(app(), 'subscriptionCreate', {
    params: { code: budget.mission, username: other.username },
    headers: other.auth,
  })
  expect(taken.statusCode).toBe(201)
  const budgetTaps = Array.from({ length: 200 }, (_, index) =>
    tap(app(), budget.mission, index % 2 ? 'streamer' : 'other', {
      ip: `10.2.0.${index + 1}`,
    }),
  )
  for (const answer of await Promise.all(budgetTaps)) expect(answer.statusCode).toBe(302)
  await settlement(app())
  const spent = await app()
    .db.select({ earned: deals.earnedCents, progress: deals.progress })
    .from(deals)
    .where(eq(deals.missionId, await missionId(app(), budget.mission)))
  expect(spent.reduce((sum, row) => sum + row.earned, 0)).toBe(90 * 25)
  expect(spent.reduce((sum, row) => sum + row.progress, 0)).toBe(90)
})
