/**
 * The app's link to Redis (REDIS_URL), shared by the rate limits and the readiness check. Redis is
 * an accelerator shared between nodes, never a dependency a request may wait on: a command never
 * queues for a connection that may not come back (it fails at once, and callers that see `isUp()`
 * false use something local instead, see rate-limit.ts), and a Redis that stops answering costs a
 * request COMMAND_TIMEOUT_MS at most.
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { Redis, type RedisOptions } from 'ioredis'

// Reconnect after 100 ms, 200 ms, … then every second: back within about a second of Redis
// returning, where ioredis's default backoff grows to 5 s between attempts.
export const reconnectDelay = (attempt: number) => Math.min(attempt * 100, 1000)

// 2 s: Redis itself answers in well under a millisecond, but a reply is read only when this node's
// event loop gets to it, and a burst of 200 sign-ins delays that by a second on a busy machine. Past
// 2 s Redis (or the node) is in trouble, and the request is answered rather than left waiting.
const COMMAND_TIMEOUT_MS = 2000
// 2 s to open a connection: past that, the address is likely wrong or filtered.
const CONNECT_TIMEOUT_MS = 2000

/** For request-path commands: fail at once while disconnected, never hang. */
const requestPathOptions: RedisOptions = {
  enableOfflineQueue: false,
  // A command in flight when the connection drops fails with it, instead of waiting to be re-sent.
  maxRetriesPerRequest: 0,
  commandTimeout: COMMAND_TIMEOUT_MS,
  connectTimeout: CONNECT_TIMEOUT_MS,
  retryStrategy: reconnectDelay,
}

export interface RedisLink {
  /** Redis's address (the socket adapter opens its own connections to it). */
  url: string
  /** This deployment's first key segment: every key and channel is `<prefix>:<name>`. */
  prefix: string
  key(name: string): string
  /** The fast-failing connection for request-path commands. */
  client: Redis
  /** Connected and ready right now (no round trip). */
  isUp(): boolean
  /** One round trip, bounded by the command timeout. */
  ping(): Promise<boolean>
  close(): void
}

/**
 * Logs the moments Redis goes away and comes back, once each: an outage is a state, not an error per
 * reconnection attempt (every 100 ms to 1 s).
 */
export function watchConnection(client: Redis, what: string, log: FastifyBaseLogger): void {
  let lost = false
  client.on('error', (error: Error) => {
    if (lost) return
    lost = true
    log.warn({ err: error }, `${what}: Redis unavailable, falling back to this node alone`)
  })
  client.on('ready', () => {
    if (!lost) return
    lost = false
    log.info(`${what}: Redis is back`)
  })
}

function connectRedis(url: string, prefix: string, log: FastifyBaseLogger): RedisLink {
  const client = new Redis(url, { ...requestPathOptions, connectionName: `${prefix}:requests` })
  watchConnection(client, 'rate limits', log)
  return {
    url,
    prefix,
    key: (name) => `${prefix}:${name}`,
    client,
    isUp: () => client.status === 'ready',
    ping: () =>
      client.ping().then(
        (answer) => answer === 'PONG',
        () => false,
      ),
    close: () => client.disconnect(),
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Undefined without REDIS_URL: one node, everything in memory. */
    redis: RedisLink | undefined
  }
}

export const redisPlugin = fp(
  async (app: FastifyInstance, options: { url: string | undefined; prefix: string }) => {
    const link = options.url ? connectRedis(options.url, options.prefix, app.log) : undefined
    app.decorate('redis', link)
    app.addHook('onClose', async () => link?.close())
  },
  { name: 'redis' },
)
