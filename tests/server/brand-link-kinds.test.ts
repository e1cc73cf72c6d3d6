/**
 * A brand drafts missions with the general link kinds; a partner's own kind (Wargaming's, Spike's)
 * only once it runs a mission of that kind, set up by an administrator.
 */
import { afterAll, beforeAll, expect, test } from 'vitest'
import { brandIntegrationKinds } from '#shared/brand-link-kinds.ts'
import { call } from '../support/call'
import { createTestApp, type TestApp } from '../support/test-app'
import { brandMissionBody, makeBrand, makeBrandMission, makeMember } from './brand-fixtures'

let testApp: TestApp
beforeAll(async () => {
  testApp = await createTestApp({ seed: false })
})
afterAll(() => testApp?.close())

test('the general kinds for every brand, a partner kind only for the brand that runs one', () => {
  expect(brandIntegrationKinds([])).toEqual(['LINK', 'MIXTE', 'CUSTOM_CODE'])
  expect(brandIntegrationKinds(['SPIKE_LINK', 'LINK'])).toEqual([
    'SPIKE_LINK',
    'LINK',
    'MIXTE',
    'CUSTOM_CODE',
  ])
})

test('another partner’s kind is refused on the field; the brand’s own partner kind passes', async () => {
  const { app } = testApp
  const brand = await makeBrand(app, 'kinds-brand')
  const owner = await makeMember(app, brand, 'kinds_owner')
  const spike = brandMissionBody({
    tools: { type: 'SPIKE_LINK', parameters: { URL: 'https://brand.example/%mission%?ref=%username%' } },
  })
  const post = () =>
    call(app, 'brandMissionCreate', { params: { slug: brand.slug }, headers: owner.auth, body: spike })
  const refused = await post()
  expect(refused.statusCode).toBe(400)
  expect(refused.json().errors.children.tools.children.type.errors).toEqual([
    'mission.integration_not_allowed',
  ])

  await makeBrandMission(app, brand, {
    integration: {
      type: 'SPIKE_LINK',
      parameters: { URL: 'https://spike.example/%mission%?ref=%username%' },
    },
  })
  expect((await post()).statusCode).toBe(201)
})
