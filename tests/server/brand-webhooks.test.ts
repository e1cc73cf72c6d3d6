/**
 * A brand's webhooks, end to end on a real app, database and SMTP server: events reach a local
 * receiver signed as documented, a failing receiver is retried with growing waits and switched off
 * after 20 failures in a row (the owner mailed at 5 and at 20), and only public https URLs are taken.
 */
import { eq } from 'drizzle-orm'
import { afterAll, expect, test } from 'vitest'
import { brandWebhookDeliveries } from '#server/db/schema-integrators.ts'
import type { BodyInputOf } from '#shared/contract/api.ts'
import { call } from '../support/call'
import { makeUser } from '../support/test-users'
import { appWithMail } from './auth-helpers'
import { clickFrom, makeBrand, makeBrandMission, makeMember, takeMission } from './brand-fixtures'
import { startReceiver, verifySignature } from './webhook-receiver'

const receiver = await startReceiver()
afterAll(() => receiver.close())

// 20, 40 then 80 ms between attempts: the production schedule's shape (each wait longer) in a test's time.
const context = appWithMail({
  env: { WEBHOOK_ALLOWED_ORIGINS: receiver.origin, WEBHOOK_RETRY_SCHEDULE_MS: '20,40,80' },
})

let brands = 0
async function brandWithOwner() {
  brands += 1
  const brand = await makeBrand(context.app, `hooks-${brands}`)
  const owner = await makeMember(context.app, brand, `hook_owner_${brands}`)
  return { brand, owner }
}

type HookEvent = BodyInputOf<'brandWebhookCreate'>['events'][number]
const createHook = (slug: string, auth: Record<string, string>, url: string, events: HookEvent[]) =>
  call(context.app, 'brandWebhookCreate', { params: { slug }, headers: auth, body: { url, events } })
const hooksOf = (slug: string, auth: Record<string, string>) =>
  call(context.app, 'brandWebhooks', { params: { slug }, headers: auth })
const testHook = (slug: string, hookId: string, auth: Record<string, string>) =>
  call(context.app, 'brandWebhookTest', { params: { slug, hookId }, headers: auth })
const deliveriesOf = (slug: string, hookId: string, auth: Record<string, string>) =>
  call(context.app, 'brandWebhookDeliveries', { params: { slug, hookId }, headers: auth })

test('an event reaches the receiver signed with the hook secret, and the test button sends one too', async () => {
  const { brand, owner } = await brandWithOwner()
  const created = await createHook(brand.slug, owner.auth, `${receiver.origin}/taken`, [
    'deal.taken',
    'deal.clicks_settled',
  ])
  expect(created.statusCode).toBe(201)
  const hook = created.json() as { id: string; secret: string }
  expect(hook.secret).toMatch(/^whsec_/)
  // The secret is shown once: the list never answers it.
  const list = await hooksOf(brand.slug, owner.auth)
  expect(JSON.stringify(list.json())).not.toContain(hook.secret)

  const mission = await makeBrandMission(context.app, brand)
  const streamer = await makeUser(context.app, { username: `hook_streamer_${brands}` })
  const dealCode = await takeMission(context.app, streamer, mission)
  const [taken] = await receiver.waitFor(
    (request) => request.path === '/taken' && request.body.includes('deal.taken'),
  )
  expect(
    verifySignature(taken?.headers['streamdeals-signature'] as string, taken?.body ?? '', hook.secret),
  ).toBe(true)
  expect(
    verifySignature(taken?.headers['streamdeals-signature'] as string, taken?.body ?? '', 'whsec_wrong'),
  ).toBe(false)
  const event = JSON.parse(taken?.body ?? '{}')
  expect(event).toMatchObject({
    type: 'deal.taken',
    data: { deal: { code: dealCode, streamer: streamer.username }, mission: { code: mission } },
  })
  expect(event.id).toMatch(/^evt_/)
  expect(Math.abs(event.created - Date.now() / 1000)).toBeLessThan(60)

  // A settled click: one delivery for the batch, with its count and amount.
  expect((await clickFrom(context.app, mission, streamer.username, '203.0.113.7')).statusCode).toBeLessThan(
    400,
  )
  const [clicks] = await receiver.waitFor(
    (request) => request.path === '/taken' && request.body.includes('deal.clicks_settled'),
  )
  expect(JSON.parse(clicks?.body ?? '{}').data).toMatchObject({ clicks: 1, amountCents: 25 })

  const test = await testHook(brand.slug, hook.id, owner.auth)
  expect(test.statusCode).toBe(202)
  await receiver.waitFor((request) => request.path === '/taken' && request.body.includes('webhook.test'))
  // The delivery log: the receiver's status and the time it took.
  await expect
    .poll(async () => {
      const log = await deliveriesOf(brand.slug, hook.id, owner.auth)
      return (
        log.json() as {
          items: Array<{ type: string; status: string; responseStatus: number; durationMs: number }>
        }
      ).items.find((item) => item.type === 'webhook.test')
    })
    .toMatchObject({ status: 'delivered', responseStatus: 200, durationMs: expect.any(Number) })
})

test('a failing receiver is retried with growing waits, the owner mailed at 5 failures, the hook off at 20', async () => {
  const { brand, owner } = await brandWithOwner()
  receiver.statusOf.set('/down', 500)
  const hook = (
    await createHook(brand.slug, owner.auth, `${receiver.origin}/down`, ['deal.taken'])
  ).json() as { id: string }
  const send = () => testHook(brand.slug, hook.id, owner.auth)
  // Six events of four attempts each would be 24 tries: the 20th failure in a row switches the hook off.
  for (let index = 0; index < 6; index += 1) expect((await send()).statusCode).toBe(202)
  await context.smtp.nextMail(`${owner.username}@example.test`, 'is failing')
  await context.smtp.nextMail(`${owner.username}@example.test`, 'was switched off')
  const down = await receiver.waitFor((request) => request.path === '/down', 20)
  // No attempt after the switch-off.
  await new Promise((resolve) => setTimeout(resolve, 300))
  expect(receiver.received.filter((request) => request.path === '/down')).toHaveLength(20)

  // One delivery's attempts: each wait longer than the one before (20, 40, 80 ms). 20 attempts over six
  // deliveries of at most four leave at least two with all four; which ones depends on timing.
  const attempts = new Map<string, number[]>()
  for (const request of down) {
    const delivery = String(request.headers['streamdeals-delivery'])
    attempts.set(delivery, [...(attempts.get(delivery) ?? []), request.at])
  }
  expect(Math.max(...[...attempts.values()].map((times) => times.length))).toBe(4)
  const times = [...attempts.values()].find((each) => each.length === 4) ?? []
  const gaps = times.slice(1).map((at, index) => at - (times[index] ?? 0))
  expect(gaps[0]).toBeGreaterThanOrEqual(20)
  expect(gaps[1]).toBeGreaterThanOrEqual(40)
  expect(gaps[2]).toBeGreaterThanOrEqual(80)

  const listed = await hooksOf(brand.slug, owner.auth)
  expect(listed.json().items[0]).toMatchObject({ enabled: false, consecutiveFailures: 20 })

  // Fixed and switched back on by the owner: the events still waiting are sent.
  receiver.statusOf.set('/down', 204)
  const reenabled = await call(context.app, 'brandWebhookUpdate', {
    params: { slug: brand.slug, hookId: hook.id },
    headers: owner.auth,
    body: { url: `${receiver.origin}/down`, events: ['deal.taken'], enabled: true },
  })
  expect(reenabled.json()).toMatchObject({ enabled: true, consecutiveFailures: 0 })
  await expect
    .poll(
      async () => {
        const rows = await context.app.db
          .select()
          .from(brandWebhookDeliveries)
          .where(eq(brandWebhookDeliveries.webhookId, hook.id))
        return rows.filter((row) => row.status === 'pending').length
      },
      { timeout: 5000 },
    )
    .toBe(0)
})

test('only an owner manages hooks, and a hook cannot point at a private or plain-http address', async () => {
  const { brand, owner } = await brandWithOwner()
  const member = await makeMember(context.app, brand, `hook_member_${brands}`, 'member')
  expect((await createHook(brand.slug, member.auth, `${receiver.origin}/m`, ['deal.taken'])).statusCode).toBe(
    403,
  )
  expect((await hooksOf(brand.slug, member.auth)).statusCode).toBe(200)
  for (const url of [
    'https://127.0.0.1/hook',
    'https://10.0.0.8/hook',
    'https://[::1]/hook',
    'http://example.com/hook',
    'https://169.254.169.254/latest',
  ]) {
    const refused = await createHook(brand.slug, owner.auth, url, ['deal.taken'])
    expect(refused.statusCode, url).toBe(400)
    expect(refused.body).toContain('webhook.url_refused')
  }
  // Another brand's owner reaches neither the hooks nor their log.
  const other = await brandWithOwner()
  const hook = (
    await createHook(brand.slug, owner.auth, `${receiver.origin}/mine`, ['deal.taken'])
  ).json() as { id: string }
  const stranger = await deliveriesOf(brand.slug, hook.id, other.owner.auth)
  expect(stranger.statusCode).toBe(403)
  const crossed = await deliveriesOf(other.brand.slug, hook.id, other.owner.auth)
  expect(crossed.statusCode).toBe(404)
})

test('a mission crossing 20 % of its budget left, then spent, is told once each', async () => {
  const { brand, owner } = await brandWithOwner()
  const created = await createHook(brand.slug, owner.auth, `${receiver.origin}/budget`, [
    'mission.budget_low',
    'mission.budget_exhausted',
  ])
  expect(created.statusCode).toBe(201)
  // 125 c at 25 c a click: 25 c left after the fourth click is the 20 % line, none after the fifth.
  const mission = await makeBrandMission(context.app, brand, { budgetCents: 125 })
  const streamer = await makeUser(context.app, { username: `hook_budget_${brands}` })
  await takeMission(context.app, streamer, mission)
  for (let click = 1; click <= 5; click += 1) {
    const answer = await clickFrom(context.app, mission, streamer.username, `198.51.100.${click}`)
    expect(answer.statusCode).toBeLessThan(400)
  }
  const [low] = await receiver.waitFor(
    (request) => request.path === '/budget' && request.body.includes('mission.budget_low'),
  )
  expect(JSON.parse(low?.body ?? '{}').data).toMatchObject({
    mission: { code: mission, budgetCents: 125, spentCents: 100, remainingCents: 25 },
  })
  const [exhausted] = await receiver.waitFor(
    (request) => request.path === '/budget' && request.body.includes('mission.budget_exhausted'),
  )
  expect(JSON.parse(exhausted?.body ?? '{}').data).toMatchObject({
    mission: { code: mission, spentCents: 125, remainingCents: 0 },
  })
  await new Promise((resolve) => setTimeout(resolve, 200))
  const told = receiver.received.filter((request) => request.path === '/budget')
  expect(told.map((request) => JSON.parse(request.body).type)).toEqual([
    'mission.budget_low',
    'mission.budget_exhausted',
  ])
})
