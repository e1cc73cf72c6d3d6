import { io as connect, type Socket } from 'socket.io-client'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { rooms } from '#server/plugins/socket.ts'
import { call } from '../support/call'
import { createTestApp, type TestApp } from '../support/test-app'
import { signup } from './auth-helpers'

let testApp: TestApp
const sockets: Socket[] = []

beforeAll(async () => {
  testApp = await createTestApp({ seed: false, listen: true })
})

afterAll(async () => {
  for (const socket of sockets) socket.close()
  await testApp?.close()
})

function open(token: string): Promise<Socket> {
  const socket = connect(testApp.url ?? '', {
    transports: ['websocket'],
    auth: { token },
    reconnection: false,
    forceNew: true,
  })
  sockets.push(socket)
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket))
    socket.once('connect_error', reject)
  })
}

const socketsInRoom = async (room: string) => (await testApp.app.io.in(room).fetchSockets()).length

test('a signed-in socket joins its own user room; logout disconnects it at once', async () => {
  const { user, auth } = await signup(testApp.app)
  const socket = await open(auth.authorization.slice('Bearer '.length))
  expect(await socketsInRoom(rooms.user(user.id))).toBe(1)

  const disconnected = new Promise<string>((resolve) => socket.once('disconnect', resolve))
  const logout = await call(testApp.app, 'logout', { headers: auth })
  expect(logout.statusCode).toBe(204)
  expect(await disconnected).toBe('io server disconnect')
  expect(await socketsInRoom(rooms.user(user.id))).toBe(0)
})

test('a revoked token cannot connect as its user', async () => {
  const { user, token, auth } = await signup(testApp.app)
  await call(testApp.app, 'logout', { headers: auth })
  const socket = await open(token)
  expect(socket.connected).toBe(true)
  // It connects anonymously (public widget events still work), but gets nothing of the user's.
  expect(await socketsInRoom(rooms.user(user.id))).toBe(0)
  const [server] = await testApp.app.io.fetchSockets().then((all) => all.filter((s) => s.id === socket.id))
  expect(server?.data.session).toBeNull()
})
