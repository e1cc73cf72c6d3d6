import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { Server } from 'socket.io'
import type { Config } from '../config'
import type { SessionResolver } from '../http/session-resolver'
import { allowedOrigins } from './security'
import { redisFanOut, type SocketFanOut } from './socket-redis'
import { holdToSession, refuseDeadRecoveries, startSessionSweep } from './socket-sessions'
import type { AppServer, AppSocket } from './socket-types'

/** Room names: events are only ever sent to rooms the server put a socket in, never to ones it asked for. */
export const rooms = {
  user: (userId: string) => `user:${userId}`,
  session: (sessionId: string) => `session:${sessionId}`,
  widget: (token: string) => `widget:${token}`,
  /** A provider's members: its missions' spend as it moves. */
  provider: (providerId: string) => `provider:${providerId}`,
}

declare module 'fastify' {
  interface FastifyInstance {
    io: AppServer
  }
}

// 100 KB: our events are small; a larger message is abuse, and socket.io closes that socket.
const MAX_MESSAGE_BYTES = 100_000
// Two minutes of disconnection are replayed on reconnect (a tunnel, a lift); longer gaps refetch.
const RECOVERY_WINDOW_MS = 2 * 60 * 1000

/**
 * socket.io on the app's own HTTP server: the handshake's `auth.token` is resolved like a bearer
 * token, a signed-in socket joins its user's and session's rooms, and with REDIS_URL the Redis
 * Streams adapter fans events out across nodes (it keeps connection-state recovery working there;
 * socket-redis.ts keeps events flowing on each node while Redis is away).
 */
export const socketPlugin = fp(
  async (app: FastifyInstance, { config, sessions }: { config: Config; sessions: SessionResolver }) => {
    const origins = allowedOrigins(config)
    const io: AppServer = new Server(app.server, {
      path: '/socket.io/',
      serveClient: false,
      maxHttpBufferSize: MAX_MESSAGE_BYTES,
      cors: { origin: [...origins], credentials: false },
      connectionStateRecovery: { maxDisconnectionDuration: RECOVERY_WINDOW_MS, skipMiddlewares: false },
      // Said rather than left to the default, because fan-out depends on it: uncompressed, a push to a
      // room is encoded once into one WebSocket frame that every socket's connection gets as is;
      // compressed, each socket would deflate its own copy (our pushes are a few hundred bytes anyway).
      perMessageDeflate: false,
      // Browsers always send Origin on WebSocket handshakes, so only PUBLIC_URL and CORS_ORIGINS pass.
      // The Host header proves nothing: a page on any site can reach us under a name it controls (DNS
      // rebinding), or by IP. Non-browser clients send no Origin and are let through, like CORS does.
      allowRequest: (request, callback) => {
        const origin = request.headers.origin
        callback(null, origin === undefined || origins.has(origin))
      },
    })
    let fanOut: SocketFanOut | undefined
    if (config.redisUrl) {
      fanOut = redisFanOut(config.redisUrl, config.redisPrefix, app.log)
      io.adapter(fanOut.adapter)
    }
    refuseDeadRecoveries(io.of('/').adapter, sessions)
    io.on('new_namespace', (namespace) => refuseDeadRecoveries(namespace.adapter, sessions))

    io.use(async (socket, next) => {
      const token = (socket.handshake.auth as Record<string, unknown> | undefined)?.token
      try {
        // A recovered socket arrives in the rooms of the session it was saved with (refuseDeadRecoveries
        // let it in because that session is live); it keeps them only if it still presents that session.
        const recovered = socket.recovered ? socket.data.session : null
        const resolved = typeof token === 'string' ? await sessions.resolve(token) : null
        socket.data.session = resolved?.session ?? null
        socket.data.sessionExpiresAt = resolved?.expiresAt.getTime() ?? null
        if (recovered && recovered.id !== resolved?.session.id) {
          socket.leave(rooms.user(recovered.user.id))
          socket.leave(rooms.session(recovered.id))
        }
        next()
      } catch (error) {
        app.log.error({ err: error }, 'socket handshake failed')
        next(new Error('handshake failed'))
      }
    })

    io.on('connection', (socket: AppSocket) => {
      const session = socket.data.session
      if (session) {
        socket.join([rooms.user(session.user.id), rooms.session(session.id)])
        holdToSession(socket, sessions, app.log)
      }
      app.socketConnectionHandlers.forEach((handler) => {
        handler(socket)
      })
    })

    app.decorate('io', io)
    app.decorate('socketConnectionHandlers', [])
    const stopSweep = startSessionSweep(io, sessions, app.log)
    app.addHook('preClose', async () => {
      stopSweep()
      io.disconnectSockets(true)
      await new Promise<void>((resolve) => io.close(() => resolve()))
    })
    app.addHook('onClose', async () => {
      fanOut?.close()
    })
  },
  { name: 'socket' },
)

declare module 'fastify' {
  interface FastifyInstance {
    /** Features add their per-socket event handlers here (widgets subscribe by token, for one). */
    socketConnectionHandlers: Array<(socket: AppSocket) => void>
  }
}

/**
 * Cuts every socket of a session at once, on every node (through the adapter): logout and revocation
 * must silence it immediately. Call it after the revocation committed. Sockets that are away at this
 * moment cannot come back: recovery and the handshake check the session again.
 */
export function disconnectSession(io: AppServer, sessionId: string): void {
  io.in(rooms.session(sessionId)).disconnectSockets(true)
}

/**
 * Takes every socket of a user (on every node) out of its providers' rooms: an account whose
 * memberships were just suspended (its address changed) must stop hearing its brands at once. A new
 * connection joins only the rooms of memberships that count (brand-budget.ts).
 */
export async function leaveProviderRooms(io: AppServer, userId: string): Promise<void> {
  for (const socket of await io.in(rooms.user(userId)).fetchSockets()) {
    for (const room of socket.rooms) if (room.startsWith(rooms.provider(''))) socket.leave(room)
  }
}
