import { afterAll, beforeAll, expect, test } from 'vitest'
import {
  cachedPublishedMissions,
  invalidateMissionCatalogue,
} from '#server/features/deals/mission-catalogue-service.ts'
import type { AnswerOf, BodyInputOf } from '#shared/contract/api.ts'
import { call } from '../support/call'
import { createTestApp, type TestApp } from '../support/test-app'
import { makeUser } from '../support/test-users'

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
  const admin = await makeUser(harness.app, { admin: true })
  const list = async () => (await call(harness.app, 'missions')).json().items
  const [mission] = await list()
  const current = (await call(harness.app, 'adminMissions', { as: admin }))
    .answer()
    .items.find((item) => item.code === mission.code)
  if (!current) throw new Error(`no admin view of mission ${mission.code}`)
  const updated = await call(harness.app, 'adminMissionUpdate', {
    params: { code: mission.code },
    as: admin,
    body: { ...editableFields(current), status: 'closed' },
  })
  expect(updated.statusCode, updated.body).toBe(200)
  const codes = (await list()).map((item: { code: string }) => item.code)
  expect(codes).not.toContain(mission.code)
})

test('a mission the user just took leaves their exclude_current_user list at once', async () => {
  const user = await makeUser(harness.app, { via: 'signup' })
  const available = async () =>
    (await call(harness.app, 'missions', { query: { exclude_current_user: '1' }, as: user })).json()
      .items as { code: string }[]
  const [target] = await available()
  if (!target) throw new Error('the demo seed has no published mission')
  const taken = await call(harness.app, 'subscriptionCreate', {
    params: { code: target.code, username: user.username },
    as: user,
  })
  expect(taken.statusCode, taken.body).toBeLessThan(300)
  expect((await available()).map((mission) => mission.code)).not.toContain(target.code)
})

/** The update body's JSON fields (it may also come as multipart). */
type MissionFields = Extract<BodyInputOf<'adminMissionUpdate'>, { providerId: string }>

/** The admin view carries read-only fields; the update body takes the editable ones. */
function editableFields(mission: AnswerOf<'adminMissions'>['items'][number]): MissionFields {
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
