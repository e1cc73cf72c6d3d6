/** Pieces of the Redis tests: a free port nothing listens on, socket clients in one room, event waits. */
import { createServer, Socket as NetSocket, type Socket } from 'node:net'
import type { FastifyInstance } from 'fastify'
import { type Socket as ClientSocket, io as connect } from 'socket.io-client'
import type { ServerToClientEvents } from '#shared/contract/socket.ts'

export type Client = ClientSocket<ServerToClientEvents>

/** The room every test socket joins, so an emit from any node reaches them through the adapter. */
export const TEST_ROOM = 'redis-test'

/** A port that refuses connections: Redis "unreachable from the start". */
export async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  if (!address || typeof address === 'string') throw new Error('no port')
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return address.port
}

/** A TCP relay to Redis that the test can take down, bring back, or keep connected but silent. */
export interface RedisRelay {
  port: number
  /** Live connections are cut and new ones refused at once: Redis lost. */
  down(): Promise<void>
  /** New connections reach Redis again. */
  up(): Promise<void>
  /** Connections stay open but nothing crosses in either direction: Redis hung, or a half-open link. */
  silence(): void
  close(): Promise<void>
}

export async function startRedisRelay(redisPort: number): Promise<RedisRelay> {
  const live = new Set<Socket>()
  let silent = false
  const server = createServer((incoming) => {
    const outgoing = new NetSocket()
    for (const socket of [incoming, outgoing]) {
      live.add(socket)
      socket.on('close', () => live.delete(socket))
      socket.on('error', () => socket.destroy())
    }
    outgoing.connect(redisPort, '127.0.0.1')
    incoming.on('data', (chunk) => silent || outgoing.write(chunk))
    outgoing.on('data', (chunk) => silent || incoming.write(chunk))
    incoming.on('close', () => outgoing.destroy())
    outgoing.on('close', () => incoming.destroy())
  })
  const listen = (port: number) =>
    new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()))
  await listen(0)
  const address = server.address()
  if (!address || typeof address === 'string') throw new Error('relay has no port')
  const port = address.port
  const cut = () => {
    for (const socket of live) socket.destroy()
    live.clear()
  }
  // Not listening at all, so a reconnection attempt is refused as by a stopped Redis (accepting and
  // closing would count as connected, and a client's backoff would never grow).
  const down = async () => {
    silent = false
    if (!server.listening) return
    const closed = new Promise<void>((resolve) => server.close(() => resolve()))
    cut()
    await closed
  }
  return {
    port,
    down,
    async up() {
      if (!server.listening) await listen(port)
    },
    silence() {
      silent = true
    },
    close: down,
  }
}

/** Puts every socket of this node in TEST_ROOM (register before any client connects). */
export function joinTestRoom(app: FastifyInstance): void {
  app.socketConnectionHandlers.push((socket) => {
    socket.join(TEST_ROOM)
  })
}

export async function connectClient(url: string): Promise<Client> {
  const client: Client = connect(url, { transports: ['websocket'], reconnection: false })
  await new Promise<void>((resolve, reject) => {
    client.once('connect', () => resolve())
    client.once('connect_error', reject)
  })
  return client
}

/** An event any node sends to TEST_ROOM; `session:revoked` because it carries nothing. */
export const emitToRoom = (app: FastifyInstance) => app.io.to(TEST_ROOM).emit('session:revoked')

/** True when the client hears the room's event within `ms`. */
export function hears(client: Client, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const heard = () => {
      clearTimeout(timer)
      resolve(true)
    }
    const timer = setTimeout(() => {
      client.off('session:revoked', heard)
      resolve(false)
    }, ms)
    client.once('session:revoked', heard)
  })
}

/** Emits from `from` until `client` hears it; resolves with the milliseconds it took, or throws. */
export async function fanOutWithin(from: FastifyInstance, client: Client, ms: number): Promise<number> {
  const started = Date.now()
  while (Date.now() - started < ms) {
    const heard = hears(client, 200)
    emitToRoom(from)
    if (await heard) return Date.now() - started
  }
  throw new Error(`no event crossed nodes within ${ms} ms`)
}

/** Runs a request and says how long it took. */
export async function timed<T>(run: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const started = Date.now()
  const result = await run()
  return { result, ms: Date.now() - started }
}
