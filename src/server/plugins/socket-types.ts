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

export type AppServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>
export type AppSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>
