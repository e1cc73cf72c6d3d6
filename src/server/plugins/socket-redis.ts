/**
 * socket.io's fan-out across nodes through Redis Streams, made to survive Redis going away:
 * - while Redis is unreachable an event still reaches the sockets of the node that sends it (the
 *   other nodes' sockets miss it; their clients refetch when they reconnect or change page), instead
 *   of waiting in a queue for a Redis that may not come back and reaching no one;
 * - nothing waits on Redis longer than PUBLISH_TIMEOUT_MS, and nothing is left to reject unheard;
 * - once Redis is back (reconnection within a second) events fan out across nodes again;
 * - every key and channel carries the deployment's REDIS_PREFIX: several deployments on one Redis
 *   share neither events, nor recovered sessions, nor `fetchSockets` requests.
 */
import { createAdapter } from '@socket.io/redis-streams-adapter'
import type { FastifyBaseLogger } from 'fastify'
import { Redis, type RedisOptions } from 'ioredis'
import type { Namespace } from 'socket.io'
import { reconnectDelay, watchConnection } from './redis'

type Adapter = Namespace['adapter']
type AdapterFactory = (namespace: Namespace) => Adapter
// The adapter's own hooks, which socket.io's public typings do not list.
interface ClusterHooks {
  doPublish(message: unknown): Promise<string>
  doPublishResponse(requesterUid: string, response: unknown): Promise<void>
}

// 1 s: a local XADD takes well under a millisecond; past a second the sender's own sockets should not
// wait any longer for a Redis in trouble.
const PUBLISH_TIMEOUT_MS = 1000

/**
 * The adapter's connections queue their commands through a reconnection (the readers' blocking
 * XREAD, the subscriber's SUBSCRIBE, the adapter's unawaited writes) and never reject them: a rejected
 * command that nobody awaits would stop the process. What must not wait is gated below by `isUp`.
 */
const adapterOptions: RedisOptions = {
  maxRetriesPerRequest: null,
  retryStrategy: reconnectDelay,
  // 2 s to open a connection, as on the request path: past that the address is likely wrong or filtered.
  connectTimeout: 2000,
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Redis did not answer within ${ms} ms`)), ms)
    promise.then(resolve, reject).finally(() => clearTimeout(timer))
  })
}

const unavailable = () => Promise.reject(new Error('Redis is unavailable'))

/**
 * Gates one namespace's adapter on the connection being up. A broadcast whose publishing fails is
 * still delivered to this node's sockets: socket.io's cluster adapter does so after the failure.
 */
function gate(adapter: Adapter, isUp: () => boolean): Adapter {
  const hooks = adapter as unknown as ClusterHooks
  const publish = hooks.doPublish.bind(adapter)
  hooks.doPublish = (message) => (isUp() ? withTimeout(publish(message), PUBLISH_TIMEOUT_MS) : unavailable())
  const respond = hooks.doPublishResponse.bind(adapter)
  hooks.doPublishResponse = (uid, response) => (isUp() ? respond(uid, response) : unavailable())
  const persist = adapter.persistSession.bind(adapter)
  // A socket's state for recovery on another node: lost during an outage (the client refetches instead).
  adapter.persistSession = (session) => {
    if (isUp()) persist(session)
  }
  const restore = adapter.restoreSession.bind(adapter)
  // Rejected, socket.io starts the socket afresh (no rooms kept, nothing replayed): the client refetches.
  adapter.restoreSession = (pid, offset) =>
    isUp() ? withTimeout(restore(pid, offset), PUBLISH_TIMEOUT_MS) : unavailable()
  return adapter
}

export interface SocketFanOut {
  adapter: AdapterFactory
  close(): void
}

export function redisFanOut(url: string, prefix: string, log: FastifyBaseLogger): SocketFanOut {
  const publisher = new Redis(url, { ...adapterOptions, connectionName: `${prefix}:socket.io` })
  watchConnection(publisher, 'socket fan-out', log)
  const factory = createAdapter(publisher, {
    streamName: `${prefix}:socket.io`,
    sessionKeyPrefix: `${prefix}:sio:session:`,
    channelPrefix: `${prefix}:socket.io`,
  }) as unknown as AdapterFactory
  const isUp = () => publisher.status === 'ready'
  return {
    // A function, not an arrow: socket.io calls it with `new`, and returning an object from one is allowed.
    adapter: function gatedAdapter(namespace: Namespace) {
      return gate(factory(namespace), isUp)
    },
    close: () => publisher.disconnect(),
  }
}
