import { type } from 'arktype'
import { eq } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { deals } from '#server/db/schema.ts'
import type { dealAdminEndpoints } from '#shared/contract/admin.ts'
import { endpointSchemas } from '#shared/contract/api.ts'
import type { dealEndpoints } from '#shared/contract/deals.ts'
import type { EndpointSchemas } from '#shared/contract/endpoint-schema.ts'
import { call } from '../support/call'
import { createTestApp, type TestApp } from '../support/test-app'
import { makeUser, type TestUser } from '../support/test-users'
import { adminMissionBody, BROWSER_UA, makeMission } from './deals-fixtures'

// The deals rows of the endpoint table describe what the server answers today (the client's types
// and the OpenAPI document come from them): each answer must pass its row's response schema.

let testApp: TestApp
let carol: TestUser
let missionCode: string
let widgetToken: string

beforeAll(async () => {
  testApp = await createTestApp()
  carol = await makeUser(testApp.app, { username: 'carol_contract' })
  missionCode = await makeMission(testApp.app)
})

afterAll(async () => {
  await testApp?.close()
})

type DealRow = Exclude<keyof typeof dealEndpoints, 'userDealInvoice'>

function expectRowAnswer(name: DealRow, body: unknown) {
  const checked = endpointSchemas[name].response(body)
  expect(checked instanceof type.errors ? checked.summary : 'valid', name).toBe('valid')
}

test('every deal endpoint answers what its row of the endpoint table says', async () => {
  const taken = await call(testApp.app, 'subscriptionCreate', {
    as: carol,
    params: { code: missionCode, username: carol.username },
  })
  expect(taken.statusCode).toBe(endpointSchemas.subscriptionCreate.status)
  expectRowAnswer('subscriptionCreate', taken.json())
  widgetToken = taken.json().widgetToken

  const deal = { username: carol.username, code: missionCode }
  const reads: [DealRow, () => Promise<LightMyRequestResponse>][] = [
    [
      'missions',
      () => call(testApp.app, 'missions', { as: carol, query: { exclude_current_user: 'false' } }),
    ],
    ['missions', () => call(testApp.app, 'missions', { as: carol, query: { exclude_current_user: 'true' } })],
    ['mission', () => call(testApp.app, 'mission', { as: carol, params: { code: missionCode } })],
    [
      'userDeals',
      () =>
        call(testApp.app, 'userDeals', {
          as: carol,
          params: { username: carol.username },
          query: { state: ['inprogress', 'stopped'] },
        }),
    ],
    ['userDeal', () => call(testApp.app, 'userDeal', { as: carol, params: deal })],
    ['userDealTriggers', () => call(testApp.app, 'userDealTriggers', { as: carol, params: deal })],
    ['subscriptionGet', () => call(testApp.app, 'subscriptionGet', { as: carol, params: deal })],
  ]
  for (const [name, read] of reads) {
    const response = await read()
    expect(response.statusCode, name).toBe(200)
    expectRowAnswer(name, response.json())
  }
  const check = await call(testApp.app, 'subscriptionCheck', {
    as: carol,
    params: { code: missionCode, username: carol.username },
    body: {
      kind: 'check',
    },
  })
  expectRowAnswer('subscriptionCheck', check.json())
  expectRowAnswer(
    'widget',
    (await call(testApp.app, 'widget', { as: carol, params: { token: widgetToken } })).json(),
  )
  const testAlert = await call(testApp.app, 'userDealWidgetTestAlert', { as: carol, params: deal })
  expectRowAnswer('userDealWidgetTestAlert', testAlert.json())
  const renewed = await call(testApp.app, 'userDealWidgetToken', { as: carol, params: deal })
  expectRowAnswer('userDealWidgetToken', renewed.json())
  const stopped = await call(testApp.app, 'userDealStop', { as: carol, params: deal })
  expectRowAnswer('userDealStop', stopped.json())
  const invoice = await call(testApp.app, 'userDealInvoice', { as: carol, params: deal })
  expect(invoice.headers['content-type']).toContain('application/pdf')
})

type DealAdminRow = keyof typeof dealAdminEndpoints

function expectAdminAnswer(name: DealAdminRow, response: { statusCode: number; json(): unknown }) {
  const row: EndpointSchemas = endpointSchemas[name]
  expect(response.statusCode, name).toBe(row.status ?? 200)
  const checked = endpointSchemas[name].response(response.json())
  expect(checked instanceof type.errors ? checked.summary : 'valid', name).toBe('valid')
}

test('every deals admin endpoint answers what its row of the endpoint table says', async () => {
  const admin = await makeUser(testApp.app, { username: 'admin_contract', admin: true })
  const owner = await makeUser(testApp.app, { username: 'dana_contract' })

  const provider = await call(testApp.app, 'adminProviderCreate', {
    as: admin,
    body: {
      name: 'Contract Games',
      slug: 'contract-games',
      theme: 'nova',
    },
  })
  expectAdminAnswer('adminProviderCreate', provider)
  const providerId = (provider.json() as { id: string }).id
  expectAdminAnswer(
    'adminProviderUpdate',
    await call(testApp.app, 'adminProviderUpdate', {
      as: admin,
      params: { id: providerId },
      body: {
        name: 'Contract Games Ltd',
        slug: 'contract-games',
        theme: 'nova',
      },
    }),
  )
  expectAdminAnswer('adminProviders', await call(testApp.app, 'adminProviders', { as: admin }))
  const missionBody = adminMissionBody(providerId)
  const mission = await call(testApp.app, 'adminMissionCreate', { as: admin, body: missionBody })
  expectAdminAnswer('adminMissionCreate', mission)
  const code = (mission.json() as { code: string }).code
  expectAdminAnswer(
    'adminMissionUpdate',
    await call(testApp.app, 'adminMissionUpdate', { as: admin, params: { code }, body: missionBody }),
  )
  expectAdminAnswer('adminMissions', await call(testApp.app, 'adminMissions', { as: admin }))

  const taken = await call(testApp.app, 'subscriptionCreate', {
    as: owner,
    params: { code, username: owner.username },
  })
  const dealCode = (taken.json() as { code: string }).code
  await call(testApp.app, 'subscriptionCheck', {
    params: { code, username: owner.username },
    headers: { 'user-agent': BROWSER_UA },
    body: { kind: 'cpc' },
  })
  await testApp.app.db
    .update(deals)
    .set({ flaggedAt: new Date(), flagReason: 'click_burst' })
    .where(eq(deals.code, dealCode))
  expectAdminAnswer(
    'adminDeals',
    await call(testApp.app, 'adminDeals', { as: admin, query: { flagged: 'true' } }),
  )
  expectAdminAnswer(
    'adminDealEarningsRejection',
    await call(testApp.app, 'adminDealEarningsRejection', {
      as: admin,
      params: { code: dealCode },
      body: { reason: 'Bought clicks' },
    }),
  )
  expectAdminAnswer(
    'adminDealState',
    await call(testApp.app, 'adminDealState', {
      as: admin,
      params: { code: dealCode },
      body: { state: 'finished' },
    }),
  )
})
