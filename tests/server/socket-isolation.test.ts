import { io as connect, type Socket } from 'socket.io-client'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { rooms } from '#server/plugins/socket.ts'
import { endpoint } from '#shared/endpoints.ts'
import { createTestApp, type TestApp } from '../support/test-app'
import { makeUser, type TestUser } from '../support/test-users'

// Real socket.io clients against a listening app: what one user's sockets can hear of another's.

let testApp: TestApp
let alice: TestUser
let bob: TestUser
const opened: Socket[] = []

beforeAll(async () => {
  testApp = await createTestApp({ listen: true })
  alice = await makeUser(testApp.app, { via: 'signup' })
  bob = await makeUser(testApp.app, { via: 'signup' })
})

afterAll(async () => {
  for (const socket of opened) socket.disconnect()
  await testApp?.close()
})

/** A connected client that records every event it receives. */
async function client(user: TestUser | null) {
  const socket = connect(testApp.url ?? '', {
    transports: ['websocket'],
    auth: user ? { token: user.token } : {},
    reconnection: false,
    forceNew: true,
  })
  opened.push(socket)
  const received: Array<{ event: string; args: unknown[] }> = []
  socket.onAny((event: string, ...args: unknown[]) => received.push({ event, args }))
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve)
    socket.once('connect_error', reject)
  })
  return { socket, received }
}

/** Waits for a marker event sent after the events under test: socket.io keeps per-socket order. */
function marker(socket: Socket, room: string): Promise<void> {
  const name = `marker-${Math.random()}`
  return new Promise((resolve) => {
    socket.on('deal:updated' as string, (payload: unknown) => {
      if (payload === name) resolve()
    })
    testApp.app.io.to(room).emit('deal:updated', name as never)
  })
}

const serverEvents = [
  'deal:updated',
  'deal:event',
  'wallet:updated',
  'widget:progress',
  'session:revoked',
] as const

/** Every room of Alice's the server knows how to name: tables, so rooms added later are covered. */
const aliceRooms = () => [rooms.user(alice.id), rooms.session(alice.sessionId)]

test("a user receives none of another user's events, in any of her rooms", async () => {
  const a = await client(alice)
  const b = await client(bob)
  const anonymous = await client(null)
  for (const room of aliceRooms()) {
    for (const event of serverEvents)
      testApp.app.io.to(room).emit(event, { secret: `${room}:${event}` } as never)
  }
  // Markers to each listener's own room prove that everything sent earlier has already arrived.
  await Promise.all([
    marker(a.socket, rooms.user(alice.id)),
    marker(b.socket, rooms.user(bob.id)),
    marker(anonymous.socket, anonymous.socket.id ?? ''),
  ])
  const secrets = (received: typeof a.received) =>
    received.filter((entry) => JSON.stringify(entry.args).includes('secret'))
  expect(secrets(a.received)).toHaveLength(aliceRooms().length * serverEvents.length)
  expect(secrets(b.received)).toEqual([])
  expect(secrets(anonymous.received)).toEqual([])
})

test('an action through the API notifies its owner only (when deals can be taken)', async () => {
  const a = await client(alice)
  const b = await client(bob)
  const missions = await testApp.app.inject({ method: 'GET', url: endpoint('missions') })
  const [mission] = (missions.json() as { items: { code: string }[] }).items
  if (!mission) throw new Error('no demo mission')
  const taking = await testApp.app.inject({
    method: 'POST',
    url: endpoint('subscriptionCreate', { code: mission.code, username: alice.username }),
    headers: alice.auth,
  })
  await Promise.all([marker(a.socket, rooms.user(alice.id)), marker(b.socket, rooms.user(bob.id))])
  const real = (received: typeof a.received) =>
    received.filter((entry) => !String(entry.args[0]).startsWith('marker-'))
  if (taking.statusCode < 300) expect(real(a.received).length).toBeGreaterThan(0)
  expect(real(b.received)).toEqual([])
})

const forgedJoins: Array<[string, (room: string) => unknown[]]> = [
  ['join', (room) => [room]],
  ['joinRoom', (room) => [room]],
  ['subscribe', (room) => [room]],
  ['room:join', (room) => [{ room }]],
  ['widget:subscribe', (room) => [room]],
  ['widget:subscribe', (room) => [room.replace(/^\w+:/, '')]],
  ['widget:subscribe', (room) => [`../${room}`]],
  ['widget:subscribe', (room) => [{ token: room }]],
  ['widget:unsubscribe', (room) => [room]],
]

test('a forged room join does nothing: the forger stays in its own rooms and hears nothing', async () => {
  const b = await client(bob)
  const onServer = testApp.app.io.sockets.sockets.get(b.socket.id ?? '')
  if (!onServer) throw new Error('the server does not know the socket')
  let arrived = 0
  const forgedCount = aliceRooms().length * forgedJoins.length
  const allArrived = new Promise<void>((resolve) =>
    onServer.prependAny(() => {
      arrived += 1
      if (arrived === forgedCount) resolve()
    }),
  )
  for (const room of aliceRooms()) {
    for (const [event, args] of forgedJoins) {
      b.socket.emit(event, ...args(room), () => undefined)
    }
  }
  await allArrived
  // Handlers may be asynchronous (a database lookup): one more acknowledged call queues behind them.
  if (onServer.listeners('widget:subscribe').length > 0) {
    await b.socket.timeout(5000).emitWithAck('widget:subscribe', 'no-such-token')
  }
  const [server] = await testApp.app.io.in(b.socket.id ?? '').fetchSockets()
  expect([...(server?.rooms ?? [])].sort()).toEqual(
    [b.socket.id, rooms.user(bob.id), rooms.session(bob.sessionId)].sort(),
  )
  for (const room of aliceRooms()) testApp.app.io.to(room).emit('wallet:updated', { secret: room } as never)
  await marker(b.socket, rooms.user(bob.id))
  expect(b.received.filter((entry) => entry.event === 'wallet:updated')).toEqual([])
})

test('a 2 MB message closes that socket, and the server and other sockets carry on', async () => {
  const a = await client(alice)
  const b = await client(bob)
  const closed = new Promise<string>((resolve) => b.socket.once('disconnect', resolve))
  // 2 MB: twenty times the 100 KB message limit.
  b.socket.emit('widget:subscribe', 'x'.repeat(2 * 1024 * 1024))
  expect(await closed).toMatch(/transport (close|error)/)
  await marker(a.socket, rooms.user(alice.id))
  expect(a.socket.connected).toBe(true)
  const health = await fetch(`${testApp.url}/healthz`)
  expect(health.status).toBe(200)
  const again = await client(bob)
  expect(again.socket.connected).toBe(true)
})

test('a 2 MB message over HTTP long-polling is refused the same way', async () => {
  const socket = connect(testApp.url ?? '', {
    transports: ['polling'],
    auth: { token: bob.token },
    reconnection: false,
    forceNew: true,
  })
  opened.push(socket)
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()))
  const closed = new Promise<string>((resolve) => socket.once('disconnect', resolve))
  socket.emit('widget:subscribe', 'y'.repeat(2 * 1024 * 1024))
  expect(await closed).toMatch(/transport (close|error)/)
  expect((await fetch(`${testApp.url}/healthz`)).status).toBe(200)
})
