import { createAdapter } from '@socket.io/redis-streams-adapter'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { Redis } from 'ioredis'
import { Server, type Socket } from 'socket.io'
import type { ClientToServerEvents, ServerToClientEvents } from '../../shared/contract/socket'
import type { Config } from '../config'
import { resolveSession } from '../features/auth/sessions'
import type { AuthenticatedSession } from '../http/register-endpoint'
import { allowedOrigins } from './security'

export interface SocketData {
  session: AuthenticatedSession | null
}

export type AppServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>
export type AppSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>

/** Room names: events are only ever sent to rooms the server put a socket in, never to ones it asked for. */
export const rooms = {
  user: (userId: string) => `user:${userId}`,
  session: (sessionId: string) => `session:${sessionId}`,
  widget: (token: string) => `widget:${token}`,
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
 * Whether an Origin names the host the request was sent to. Opaque (`null`) or malformed origins are
 * never the same host; parsing must not throw here, or one crafted header would crash the process.
 */
function isSameHost(origin: string, host: string | undefined): boolean {
  if (host === undefined || !URL.canParse(origin)) return false
  return new URL(origin).host === host
}

/**
 * socket.io on the app's own HTTP server: the handshake's `auth.token` is resolved like a bearer
 * token, a signed-in socket joins its user's and session's rooms, and with REDIS_URL the Redis
 * Streams adapter fans events out across nodes (it keeps connection-state recovery working there).
 */
export const socketPlugin = fp(
  async (app: FastifyInstance, { config }: { config: Config }) => {
    const origins = allowedOrigins(config)
    const io: AppServer = new Server(app.server, {
      path: '/socket.io/',
      serveClient: false,
      maxHttpBufferSize: MAX_MESSAGE_BYTES,
      cors: { origin: [...origins], credentials: false },
      connectionStateRecovery: { maxDisconnectionDuration: RECOVERY_WINDOW_MS, skipMiddlewares: false },
      // Browsers always send Origin on WebSocket handshakes; a foreign one is a cross-site attempt.
      allowRequest: (request, callback) => {
        const origin = request.headers.origin
        const host = request.headers.host
        callback(null, origin === undefined || origins.has(origin) || isSameHost(origin, host))
      },
    })
    let redis: Redis | undefined
    if (config.redisUrl) {
      redis = new Redis(config.redisUrl, { maxRetriesPerRequest: null })
      io.adapter(createAdapter(redis))
    }

    io.use(async (socket, next) => {
      const token = (socket.handshake.auth as Record<string, unknown> | undefined)?.token
      try {
        socket.data.session = typeof token === 'string' ? await resolveSession(app.db, token) : null
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
      }
      app.socketConnectionHandlers.forEach((handler) => {
        handler(socket)
      })
    })

    app.decorate('io', io)
    app.decorate('socketConnectionHandlers', [])
    app.addHook('preClose', async () => {
      io.disconnectSockets(true)
      await new Promise<void>((resolve) => io.close(() => resolve()))
    })
    app.addHook('onClose', async () => {
      redis?.disconnect()
    })
  },
  { name: 'socket', dependencies: ['database'] },
)

declare module 'fastify' {
  interface FastifyInstance {
    /** Features add their per-socket event handlers here (widgets subscribe by token, for one). */
    socketConnectionHandlers: Array<(socket: AppSocket) => void>
  }
}

/** Cuts every socket of a session at once: logout and revocation must silence it immediately. */
export function disconnectSession(io: AppServer, sessionId: string): void {
  io.in(rooms.session(sessionId)).disconnectSockets(true)
}
