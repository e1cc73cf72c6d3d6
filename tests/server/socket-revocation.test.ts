import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { type Socket as ClientSocket, io as connect } from 'socket.io-client'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { sessions } from '#server/db/schema.ts'
import { issueOneTimeToken } from '#server/features/auth/one-time-tokens.ts'
import { SESSION_IDLE_MS } from '#server/features/auth/sessions.ts'
import { emitWalletUpdated } from '#server/features/wallet/wallet-service.ts'
import { hashToken } from '#server/lib/tokens.ts'
import { rooms } from '#server/plugins/socket.ts'
import { cutDeadSessionSockets } from '#server/plugins/socket-sessions.ts'
import type { ServerToClientEvents } from '#shared/contract/socket.ts'
import { call } from '../support/call'
import { createTestApp, type TestApp } from '../support/test-app'
import { signin, signup, strongPassword } from './auth-helpers'
import { personBody } from './wallet-fixtures'

// A socket whose connection dropped before its session was revoked must not come
// back through connection-state recovery with the user's rooms or the events it missed.

type Client = ClientSocket<ServerToClientEvents>

let testApp: TestApp
let app: FastifyInstance
const opened: Client[] = []

beforeAll(async () => {
  testApp = await createTestApp({ seed: false, listen: true })
  app = testApp.app
})

afterAll(async () => {
  for (const socket of opened) socket.disconnect()
  await testApp?.close()
})

interface Watched {
  socket: Client
  /** `wallet:updated` packets that reached this device, counted as they are decoded (before any buffering). */
  walletPackets: number
}

/** A user with a wallet, so `wallet:updated` (name, address, birth date, balance) has something to carry. */
async function userWithWallet() {
  const user = await signup(app)
  const created = await call(app, 'walletCreate', {
    params: { username: user.username },
    headers: user.auth,
    body: personBody,
  })
  expect(created.statusCode).toBe(201)
  return user
}

function outcome(socket: Client): Promise<'connected' | 'refused'> {
  return new Promise((resolve) => {
    socket.once('connect', () => resolve('connected'))
    socket.once('connect_error', () => resolve('refused'))
  })
}

async function open(token: string): Promise<Watched> {
  // Reconnection is done by hand, once the revocation has happened.
  const socket: Client = connect(testApp.url ?? '', {
    transports: ['websocket'],
    auth: { token },
    reconnection: false,
    forceNew: true,
  })
  opened.push(socket)
  const watched: Watched = { socket, walletPackets: 0 }
  socket.io.on('packet', (packet) => {
    if (Array.isArray(packet.data) && packet.data[0] === 'wallet:updated') watched.walletPackets += 1
  })
  expect(await outcome(socket)).toBe('connected')
  return watched
}

/** One event received first: recovery resumes from the offset of the last event the client saw. */
async function receiveOne(client: Watched, userId: string): Promise<void> {
  const received = new Promise((resolve) => client.socket.once('wallet:updated', resolve))
  await emitWalletUpdated(app, userId)
  await received
}

/** The connection drops (a tunnel, a lift): the server saves the socket's state for recovery. */
async function drop(client: Watched): Promise<void> {
  const onServer = app.io.of('/').sockets.get(client.socket.id ?? '')
  if (!onServer) throw new Error('the socket is not on the server')
  const saved = new Promise<string>((resolve) => onServer.once('disconnect', resolve))
  client.socket.io.engine.close()
  expect(await saved).toBe('transport close')
}

/**
 * Waits until everything sent to the client before now has arrived: a packet to this socket alone,
 * after the events under test, and socket.io keeps one socket's packets in order.
 */
async function flush(client: Watched): Promise<void> {
  const arrived = new Promise<void>((resolve) => client.socket.once('session:revoked', resolve))
  app.io.to(client.socket.id ?? '').emit('session:revoked')
  await arrived
}

/**
 * The attack of the report: the socket drops, the session is revoked, an event is sent while it is
 * away (recovery would replay it), it reconnects, another event is sent. Returns the `wallet:updated`
 * packets that reached the device after the revocation.
 */
async function afterDropAndRevoke(client: Watched, userId: string, revoke: () => Promise<void>) {
  await receiveOne(client, userId)
  await drop(client)
  const before = client.walletPackets
  await revoke()
  await emitWalletUpdated(app, userId)
  client.socket.connect()
  const result = await outcome(client.socket)
  if (result === 'connected') {
    await emitWalletUpdated(app, userId)
    await flush(client)
  }
  return { received: client.walletPackets - before, recovered: client.socket.recovered }
}

const usersSockets = async (userId: string) => (await app.io.in(rooms.user(userId)).fetchSockets()).length

test('a socket dropped while its session lives recovers its rooms and the event it missed', async () => {
  const user = await userWithWallet()
  const client = await open(user.token)
  const seen = await afterDropAndRevoke(client, user.user.id, async () => {})
  // The replayed event and the one sent after the reconnection: recovery still works for live sessions.
  expect(seen).toEqual({ received: 2, recovered: true })
  expect(await usersSockets(user.user.id)).toBe(1)
})

test('a socket dropped before a logout gets no event after it, replayed or new', async () => {
  const user = await userWithWallet()
  const client = await open(user.token)
  const seen = await afterDropAndRevoke(client, user.user.id, async () => {
    const logout = await call(app, 'logout', { headers: user.auth })
    expect(logout.statusCode).toBe(204)
  })
  expect(seen).toEqual({ received: 0, recovered: false })
  expect(await usersSockets(user.user.id)).toBe(0)
})

test('a socket dropped before a password reset gets no event after it', async () => {
  const user = await userWithWallet()
  const client = await open(user.token)
  const seen = await afterDropAndRevoke(client, user.user.id, async () => {
    const token = await issueOneTimeToken(app.db, user.user.id, 'reset_password')
    const reset = await call(app, 'reset', { body: { token, plainPassword: 'N3w-password-reset' } })
    expect(reset.statusCode).toBe(200)
  })
  expect(seen).toEqual({ received: 0, recovered: false })
  expect(await usersSockets(user.user.id)).toBe(0)
})

test("a password change silences the other devices' dropped sockets, not the device that made it", async () => {
  const user = await userWithWallet()
  const signedIn = await signin(app, user.username, strongPassword)
  const otherDevice = await open((signedIn.json() as { code: string }).code)
  const thisDevice = await open(user.token)
  const seen = await afterDropAndRevoke(otherDevice, user.user.id, async () => {
    const changed = await call(app, 'userUpdate', {
      params: { user: user.username },
      body: { plainPassword: 'N3w-password-change', currentPassword: strongPassword },
      headers: user.auth,
    })
    expect(changed.statusCode).toBe(200)
  })
  expect(seen).toEqual({ received: 0, recovered: false })
  await flush(thisDevice)
  // The device that changed the password heard all three pushes: the first, the missed one, the last.
  expect(thisDevice.walletPackets).toBe(3)
  expect(await usersSockets(user.user.id)).toBe(1)
})

test("a recovered socket presenting another session's token keeps none of the old session's rooms", async () => {
  const first = await userWithWallet()
  const second = await userWithWallet()
  const client = await open(first.token)
  await receiveOne(client, first.user.id)
  await drop(client)
  client.socket.auth = { token: second.token }
  client.socket.connect()
  expect(await outcome(client.socket)).toBe('connected')
  expect(client.socket.recovered).toBe(true)
  expect(await usersSockets(first.user.id)).toBe(0)
  expect(await usersSockets(second.user.id)).toBe(1)
})

test('the sweep cuts a socket whose session died without a push (revoked in the database)', async () => {
  const user = await userWithWallet()
  const client = await open(user.token)
  const cut = new Promise<string>((resolve) => client.socket.once('disconnect', resolve))
  await app.db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(eq(sessions.tokenHash, hashToken(user.token)))
  expect(await cutDeadSessionSockets(app.io, app.sessions)).toBe(1)
  expect(await cut).toBe('io server disconnect')
})

test('the sweep cuts a socket whose session went idle past the limit', async () => {
  const user = await userWithWallet()
  const client = await open(user.token)
  const cut = new Promise<string>((resolve) => client.socket.once('disconnect', resolve))
  await app.db
    .update(sessions)
    .set({ lastUsedAt: new Date(Date.now() - SESSION_IDLE_MS - 60_000) })
    .where(eq(sessions.tokenHash, hashToken(user.token)))
  expect(await cutDeadSessionSockets(app.io, app.sessions)).toBe(1)
  expect(await cut).toBe('io server disconnect')
})

test("a socket is cut at its session's absolute expiry", async () => {
  const user = await userWithWallet()
  // One second: enough for the handshake to find the session alive even on a loaded machine.
  const expiresAt = new Date(Date.now() + 1000)
  await app.db
    .update(sessions)
    .set({ expiresAt })
    .where(eq(sessions.tokenHash, hashToken(user.token)))
  const client = await open(user.token)
  expect(await usersSockets(user.user.id)).toBe(1)
  const reason = await new Promise<string>((resolve) => client.socket.once('disconnect', resolve))
  expect(reason).toBe('io server disconnect')
  expect(Date.now()).toBeGreaterThanOrEqual(expiresAt.getTime())
})

test('a logout that lands between the handshake check and the rooms still cuts the socket', async () => {
  const user = await userWithWallet()
  // Runs after the session middleware: the logout commits once the handshake found the session alive,
  // and its push finds no socket in the session's room yet.
  app.io.use(async (socket, next) => {
    if ((socket.handshake.auth as { token?: unknown }).token === user.token) {
      await call(app, 'logout', { headers: user.auth })
    }
    next()
  })
  const socket: Client = connect(testApp.url ?? '', {
    transports: ['websocket'],
    auth: { token: user.token },
    reconnection: false,
    forceNew: true,
  })
  opened.push(socket)
  const cut = new Promise<string>((resolve) => socket.once('disconnect', resolve))
  expect(await outcome(socket)).toBe('connected')
  expect(await cut).toBe('io server disconnect')
  expect(await usersSockets(user.user.id)).toBe(0)
})
