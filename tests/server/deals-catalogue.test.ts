import { afterAll, beforeAll, expect, test } from 'vitest'
import {
  cachedPublishedMissions,
  invalidateMissionCatalogue,
} from '#server/features/deals/mission-catalogue-service.ts'
import { createTestApp, type TestApp } from '../support/test-app'
import { bearer, createTestUser } from '../support/test-users'

let harness: TestApp

beforeAll(async () => {
  harness = await createTestApp()
})
afterAll(async () => {
  await harness?.close()
})

test('concurrent catalogue reads share one query until the entry expires', async () => {
  const { db } = harness.app
  const now = Date.now()
  const first = cachedPublishedMissions(db, 'en', now)
  expect(cachedPublishedMissions(db, 'en', now + 1000)).toBe(first)
  expect(cachedPublishedMissions(db, 'fr', now)).not.toBe(first)
  const later = cachedPublishedMissions(db, 'en', now + 60_000)
  expect(later).not.toBe(first)
  expect((await later).map((mission) => mission.code)).toEqual((await first).map((mission) => mission.code))
  invalidateMissionCatalogue(db)
  expect(cachedPublishedMissions(db, 'en', now + 60_000)).not.toBe(later)
})

test('an admin edit shows in the public catalogue at once, despite the cache', async () => {
  const admin = await createTestUser(harness.app, { admin: true })
  const list = async () => (await harness.app.inject({ url: '/api/deals/missions' })).json().items
  const [mission] = await list()
  const current = (await harness.app.inject({ url: '/api/admin/missions', headers: bearer(admin) }))
    .json()
    .items.find((item: { code: string }) => item.code === mission.code)
  const updated = await harness.app.inject({
    method: 'PUT',
    url: `/api/admin/missions/${mission.code}`,
    headers: bearer(admin),
    payload: { ...editableFields(current), status: 'closed' },
  })
  expect(updated.statusCode, updated.body).toBe(200)
  const codes = (await list()).map((item: { code: string }) => item.code)
  expect(codes).not.toContain(mission.code)
})

test('a mission the user just took leaves their exclude_current_user list at once', async () => {
  const user = await createTestUser(harness.app)
  const available = async () =>
    (
      await harness.app.inject({ url: '/api/deals/missions?exclude_current_user=1', headers: bearer(user) })
    ).json().items as { code: string }[]
  const [target] = await available()
  if (!target) throw new Error('the demo seed has no published mission')
  const taken = await harness.app.inject({
    method: 'POST',
    url: `/api/deals/subscriptions/${target.code}/${user.username}`,
    headers: bearer(user),
  })
  expect(taken.statusCode, taken.body).toBeLessThan(300)
  expect((await available()).map((mission) => mission.code)).not.toContain(target.code)
})

/** The admin view carries read-only fields; the update body takes the editable ones. */
function editableFields(mission: Record<string, unknown>): Record<string, unknown> {
  const {
    code: _code,
    providerName: _name,
    spotsLeft: _left,
    deals: _deals,
    thumbnail: _thumb,
    reviewNote: _note,
    ...rest
  } = mission
  return rest
}
