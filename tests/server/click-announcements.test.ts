/**
 * A raid's live updates: the streamer's deal, the goal widget and the brand's budget are pushed once
 * per settled batch of a deal's clicks, not once per click, so a thousand taps do not send a thousand
 * updates to every overlay watching the deal.
 */
import { io as connect, type Socket } from 'socket.io-client'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { call } from '../support/call'
import { createTestApp, type TestApp } from '../support/test-app'
import { makeUser, type TestUser } from '../support/test-users'
import { settlement, takeMission, tap } from './click-fraud-fixtures'

let testApp: TestApp
let streamer: TestUser
const sockets: Socket[] = []

beforeAll(async () => {
  testApp = await createTestApp({ listen: true })
  streamer = await makeUser(testApp.app, { username: 'Streamer' })
})

afterAll(async () => {
  for (const socket of sockets) socket.disconnect()
  await testApp?.close()
})

test('100 taps at once move the goal widget in a few coalesced updates, ending at 100', async () => {
  const { mission, dealCode } = await takeMission(testApp.app, streamer)
  const deal = await call(testApp.app, 'userDeal', {
    params: { username: streamer.username, code: mission },
    headers: streamer.auth,
  })
  expect(deal.json().code).toBe(dealCode)
  const widget = connect(testApp.url ?? '', { transports: ['websocket'] })
  const owner = connect(testApp.url ?? '', { auth: { token: streamer.token }, transports: ['websocket'] })
  sockets.push(widget, owner)
  await Promise.all(
    [widget, owner].map((socket) => new Promise<void>((resolve) => socket.once('connect', () => resolve()))),
  )
  expect(await widget.emitWithAck('widget:subscribe', deal.json().widgetToken)).toEqual({ ok: true })
  const progress: number[] = []
  const dealUpdates: number[] = []
  widget.on('widget:progress', (update: { progress: number }) => progress.push(update.progress))
  owner.on('deal:updated', (update: { code: string; progress: number }) => {
    if (update.code === dealCode) dealUpdates.push(update.progress)
  })

  const taps = Array.from({ length: 100 }, (_, viewer) =>
    tap(testApp.app, mission, 'streamer', { ip: `10.7.0.${viewer + 1}` }),
  )
  for (const answer of await Promise.all(taps)) expect(answer.statusCode).toBe(302)
  await settlement(testApp.app)
  await expect.poll(() => progress.at(-1)).toBe(100)
  await expect.poll(() => dealUpdates.at(-1)).toBe(100)
  console.log(`100 taps: ${progress.length} widget updates, ${dealUpdates.length} deal updates`)
  expect(progress.length).toBeLessThan(100)
  expect(dealUpdates.length).toBeLessThan(100)
})
