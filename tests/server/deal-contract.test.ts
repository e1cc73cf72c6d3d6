import { type } from 'arktype'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { endpointSchemas } from '#shared/contract/api.ts'
import type { dealEndpoints } from '#shared/contract/deals.ts'
import { createTestApp, type TestApp } from '../support/test-app'
import { makeMission, makeUser, type TestUser } from './deals-fixtures'

// The deals rows of the endpoint table describe what the server answers today (the client's types
// and the OpenAPI document come from them): each answer must pass its row's response schema.

let testApp: TestApp
let carol: TestUser
let missionCode: string
let widgetToken: string

beforeAll(async () => {
  testApp = await createTestApp()
  carol = await makeUser(testApp.app, 'carol_contract')
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

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  testApp.app.inject({ method, url, headers: carol.auth, ...(payload ? { payload } : {}) })

test('every deal endpoint answers what its row of the endpoint table says', async () => {
  const user = `/api/deals/user/${carol.username}`
  const taken = await call('POST', `/api/deals/subscriptions/${missionCode}/${carol.username}`)
  expect(taken.statusCode).toBe(endpointSchemas.subscriptionCreate.status)
  expectRowAnswer('subscriptionCreate', taken.json())
  widgetToken = taken.json().widgetToken

  const reads: [DealRow, string][] = [
    ['missions', '/api/deals/missions?exclude_current_user=false'],
    ['missions', '/api/deals/missions?exclude_current_user=true'],
    ['mission', `/api/deals/missions/${missionCode}`],
    ['userDeals', `${user}/missions?state=inprogress&state=stopped`],
    ['userDeal', `${user}/mission/${missionCode}`],
    ['userDealTriggers', `${user}/mission/${missionCode}/triggers`],
    ['subscriptionGet', `/api/deals/subscriptions/${missionCode}/${carol.username}`],
  ]
  for (const [name, url] of reads) {
    const response = await call('GET', url)
    expect(response.statusCode, url).toBe(200)
    expectRowAnswer(name, response.json())
  }
  const check = await call('POST', `/api/deals/subscriptions/check/${missionCode}/${carol.username}`, {
    kind: 'check',
  })
  expectRowAnswer('subscriptionCheck', check.json())
  expectRowAnswer('widget', (await call('GET', `/api/widgets/widget/${widgetToken}`)).json())
  const renewed = await call('POST', `${user}/mission/${missionCode}/widget-token`)
  expectRowAnswer('userDealWidgetToken', renewed.json())
  const stopped = await call('PUT', `${user}/mission/${missionCode}/stopped`)
  expectRowAnswer('userDealStop', stopped.json())
  const invoice = await call('GET', `${user}/mission/${missionCode}/invoice`)
  expect(invoice.headers['content-type']).toContain('application/pdf')
})
