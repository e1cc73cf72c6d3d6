/**
 * The socket.io server's types, apart from the plugin (socket.ts) so the modules the plugin is made
 * of (socket-sessions.ts) and the features that write to sockets can name them without importing it.
 */
import type { Server, Socket } from 'socket.io'
import type { ClientToServerEvents, ServerToClientEvents } from '#shared/contract/socket.ts'
import type { AuthenticatedSession } from '../http/register-endpoint'

export interface SocketData {
  session: AuthenticatedSession | null
  /** The session's absolute expiry (epoch ms): the socket is cut then. Null when anonymous. */
  sessionExpiresAt: number | null
}

/** What nodes tell each other through the adapter (with REDIS_URL): work only a node with sockets does. */
export interface InterServerEvents {
  /** A user's wallet changed: each node pushes it to its own sockets of that user, if it has any. */
  'wallet:changed': (userId: string) => void
}

export type AppServer = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>
export type AppSocket = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>
