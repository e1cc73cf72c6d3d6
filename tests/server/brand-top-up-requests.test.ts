/**
 * Without card payments a brand asks for a top-up: the request is recorded, every admin is mailed,
 * admins list and answer it, and "done" adds its amount to the budget once however often (or however
 * concurrently) it is answered. Only the brand's members ask, only for their own missions.
 */
import { and, eq } from 'drizzle-orm'
import { expect, test } from 'vitest'
import { auditLog, budgetTopUps, missions } from '#server/db/schema.ts'
import type { BodyInputOf } from '#shared/contract/api.ts'
import { endpoint } from '#shared/endpoints.ts'
import { call } from '../support/call'
import { makeUser, type TestUser } from '../support/test-users'
import { appWithMail } from './auth-helpers'
import { makeBrand, makeBrandMission, makeMember } from './brand-fixtures'

const mail = appWithMail()

const send = (method: 'GET' | 'POST' | 'PUT', url: string, who: TestUser, payload?: object) =>
  mail.app.inject({ method, url, headers: who.auth, ...(payload ? { payload } : {}) })
const budgetOf = async (code: string) =>
  (await mail.app.db.select().from(missions).where(eq(missions.code, code)))[0]?.budgetCents

async function setUp(slug: string) {
  const brand = await makeBrand(mail.app, slug)
  const member = await makeMember(mail.app, brand, `${slug.replaceAll('-', '_')}_m`, 'member')
  const code = await makeBrandMission(mail.app, brand, { budgetCents: 1000 })
  const params = { slug: brand.slug, code }
  return { brand, member, code, params, url: endpoint('brandTopUpRequestCreate', params) }
}
const ask = (
  params: { slug: string; code: string },
  who: TestUser,
  body: BodyInputOf<'brandTopUpRequestCreate'>,
) => call(mail.app, 'brandTopUpRequestCreate', { params, as: who, body })
const requestsOf = (params: { slug: string; code: string }, who: TestUser) =>
  call(mail.app, 'brandTopUpRequests', { params, as: who })

test('a member asks for a top-up: recorded as requested, admins mailed, listed for both sides', async () => {
  const admin = await makeUser(mail.app, { username: 'req_admin', admin: true })
  const { brand, member, code, params } = await setUp('req-brand')
  const asked = await ask(params, member, { amount: 120_000, note: 'Launch week' })
  expect(asked.statusCode, asked.body).toBe(201)
  expect(asked.json()).toMatchObject({
    amount: 120_000,
    note: 'Launch week',
    status: 'requested',
    missionCode: code,
  })

  const notice = await mail.smtp.nextMail('req_admin@example.test', 'Launch week')
  expect(notice.raw.replace(/=\r?\n/g, '')).toContain('1,200.00 to the budget of the mission')

  const mine = await requestsOf(params, member)
  expect(mine.json().items).toEqual([expect.objectContaining({ amount: 120_000, status: 'requested' })])
  const queue = await call(mail.app, 'adminTopUpRequests', { as: admin })
  expect(queue.statusCode).toBe(200)
  expect(queue.json().items).toContainEqual(
    expect.objectContaining({ id: asked.json().id, providerSlug: brand.slug, status: 'requested' }),
  )
  // The budget does not move until an admin answers.
  expect(await budgetOf(code)).toBe(1000)
})

test('requests are checked: an amount in cents above zero, a short note, a mission with a budget', async () => {
  const { brand, member, url } = await setUp('req-check')
  for (const body of [
    { amount: 0 },
    { amount: 12.5 },
    { amount: '100' },
    {},
    { amount: 100, note: 'x'.repeat(501) },
  ]) {
    // Some of these bodies are off the contract on purpose: sent raw.
    const refused = await send('POST', url, member, body)
    expect(refused.statusCode, JSON.stringify(body)).toBe(400)
  }
  const uncapped = await makeBrandMission(mail.app, brand, { budgetCents: null })
  const noCap = await call(mail.app, 'brandTopUpRequestCreate', {
    as: member,
    params: { slug: brand.slug, code: uncapped },
    body: {
      amount: 500,
    },
  })
  expect(noCap.statusCode).toBe(409)
  expect(noCap.json().errors.errors).toEqual(['mission.no_budget'])
})

test('another brand, a streamer or a stranger cannot ask for or read a brand’s requests', async () => {
  const { params, code } = await setUp('req-own')
  const other = await makeBrand(mail.app, 'req-other')
  const outsider = await makeMember(mail.app, other, 'req_other_owner')
  const streamer = await makeUser(mail.app, { username: 'req_streamer' })
  for (const who of [outsider, streamer]) {
    expect((await ask(params, who, { amount: 500 })).statusCode).toBe(403)
    expect((await requestsOf(params, who)).statusCode).toBe(403)
    expect((await call(mail.app, 'adminTopUpRequests', { as: who })).statusCode).toBe(403)
  }
  // Its own brand's path with another brand's mission code: unknown there.
  const cross = await call(mail.app, 'brandTopUpRequestCreate', {
    as: outsider,
    params: { slug: other.slug, code },
    body: {
      amount: 500,
    },
  })
  expect(cross.statusCode).toBe(404)
})

test('"done" adds the amount once, even answered twice at once; "declined" adds nothing', async () => {
  const admin = await makeUser(mail.app, { username: 'req_admin_2', admin: true })
  const { member, code, params } = await setUp('req-decide')
  const first = (await ask(params, member, { amount: 2500 })).json().id as string
  const second = (await ask(params, member, { amount: 700 })).json().id as string

  const answers = await Promise.all(
    [1, 2, 3].map(() =>
      call(mail.app, 'adminTopUpRequestDecide', {
        as: admin,
        params: { id: first },
        body: { status: 'done' },
      }),
    ),
  )
  expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409])
  expect(await budgetOf(code)).toBe(3500)
  const credited = await mail.app.db.select().from(budgetTopUps).where(eq(budgetTopUps.amountCents, 2500))
  expect(credited).toHaveLength(1)

  const declined = await call(mail.app, 'adminTopUpRequestDecide', {
    as: admin,
    params: { id: second },
    body: { status: 'declined' },
  })
  expect(declined.json().status).toBe('declined')
  expect(
    (
      await call(mail.app, 'adminTopUpRequestDecide', {
        as: admin,
        params: { id: second },
        body: { status: 'done' },
      })
    ).statusCode,
  ).toBe(409)
  expect(await budgetOf(code)).toBe(3500)

  const states = (await requestsOf(params, member))
    .json()
    .items.map((item: { status: string }) => item.status)
  expect(states.sort()).toEqual(['declined', 'done'])
  const audited = await mail.app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'mission.top_up'), eq(auditLog.target, `mission:${code}`)))
  expect(audited).toHaveLength(1)
  expect(
    (
      await call(mail.app, 'adminTopUpRequestDecide', {
        as: admin,
        params: { id: 'nope' },
        body: { status: 'done' },
      })
    ).statusCode,
  ).toBe(404)
  expect(
    (
      await call(mail.app, 'adminTopUpRequestDecide', {
        as: member,
        params: { id: first },
        body: { status: 'done' },
      })
    ).statusCode,
  ).toBe(403)
})
