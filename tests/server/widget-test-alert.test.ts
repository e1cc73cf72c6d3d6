import { io as connect, type Socket } from 'socket.io-client'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { testAlertLimit } from '#server/features/deals/widget-routes.ts'
import { call } from '../support/call'
import { createTestApp, type TestApp } from '../support/test-app'
import { makeUser, type TestUser } from '../support/test-users'
import { makeMission } from './deals-fixtures'

// "Send a test alert" on the overlay studio: the streamer's own overlays show a sample alert, and
// nothing is counted; nobody else can fire it, and it cannot be used to flood a live stream.

let testApp: TestApp
let owner: TestUser
let other: TestUser
const sockets: Socket[] = []

beforeAll(async () => {
  testApp = await createTestApp({ listen: true })
  owner = await makeUser(testApp.app, { username: 'tessa_alerts' })
  other = await makeUser(testApp.app, { username: 'mallory_alerts' })
})

afterAll(async () => {
  for (const socket of sockets) socket.disconnect()
  await testApp?.close()
})

const once = <T>(socket: Socket, event: string) => new Promise<T>((resolve) => socket.once(event, resolve))

/** The test alert of `user`'s deal on mission `code`, sent by `who` (`null`: without a session). */
const testAlert = (user: TestUser, code: string, who: TestUser | null) =>
  call(testApp.app, 'userDealWidgetTestAlert', {
    params: { username: user.username, code },
    headers: who ? who.auth : {},
  })

async function takeDeal(user: TestUser) {
  const code = await makeMission(testApp.app, { goal: 50 })
  const taken = await call(testApp.app, 'subscriptionCreate', {
    as: user,
    params: { code, username: user.username },
  })
  expect(taken.statusCode).toBe(201)
  return { code, token: taken.json().widgetToken as string }
}

async function overlay(token: string) {
  const socket = connect(testApp.url ?? '', { transports: ['websocket'] })
  sockets.push(socket)
  await once(socket, 'connect')
  expect(await socket.emitWithAck('widget:subscribe', token)).toEqual({
    ok: true,
  })
  const heard: unknown[] = []
  socket.on('widget:test-alert', (payload) => heard.push(payload))
  return { socket, heard }
}

test("the owner's test alert reaches only that deal's overlays and counts nothing", async () => {
  const mine = await takeDeal(owner)
  const theirs = await takeDeal(other)
  const mineOverlay = await overlay(mine.token)
  const theirOverlay = await overlay(theirs.token)

  const arrived = once(mineOverlay.socket, 'widget:test-alert')
  const sent = await testAlert(owner, mine.code, owner)
  expect(sent.statusCode).toBe(200)
  expect(sent.json()).toEqual({ sent: true })
  expect(await arrived).toEqual({ token: mine.token })
  // A round trip on the other overlay: had the alert gone to it, it would have arrived by now.
  await theirOverlay.socket.timeout(2000).emitWithAck('widget:subscribe', theirs.token)
  expect(theirOverlay.heard).toEqual([])

  // Never counted: the goal did not move and the deal has no click.
  expect((await call(testApp.app, 'widget', { params: { token: mine.token } })).json()).toMatchObject({
    progress: 0,
  })
  const events = (
    await call(testApp.app, 'userDealTriggers', {
      as: owner,
      params: { username: owner.username, code: mine.code },
    })
  ).json()
  expect(events.items.map((event: { type: string }) => event.type)).not.toContain('click')
})

test("nobody else fires a streamer's test alert", async () => {
  const mine = await takeDeal(owner)
  const watching = await overlay(mine.token)
  const anonymous = await testAlert(owner, mine.code, null)
  expect(anonymous.statusCode).toBe(401)
  const stranger = await testAlert(owner, mine.code, other)
  expect(stranger.statusCode).toBe(403)
  expect(stranger.json()).toMatchObject({
    code: expect.any(String),
    message: expect.any(String),
  })
  await watching.socket.timeout(2000).emitWithAck('widget:subscribe', mine.token)
  expect(watching.heard).toEqual([])
})

test('test alerts are limited per deal, so a stream cannot be flooded with them', async () => {
  const mine = await takeDeal(owner)
  const watching = await overlay(mine.token)
  for (let index = 0; index < testAlertLimit.max; index++) {
    expect((await testAlert(owner, mine.code, owner)).statusCode).toBe(200)
  }
  const refused = await testAlert(owner, mine.code, owner)
  expect(refused.statusCode).toBe(429)
  expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' })
  await watching.socket.timeout(2000).emitWithAck('widget:subscribe', mine.token)
  expect(watching.heard).toHaveLength(testAlertLimit.max)
})
