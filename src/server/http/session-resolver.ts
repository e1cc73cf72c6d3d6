import type { AuthenticatedSession } from './register-endpoint'

/** A live session found from its token, with the moment it dies whatever happens. */
export interface ResolvedSession {
  session: AuthenticatedSession
  /** The absolute expiry: a socket opened with this session is cut at that moment. */
  expiresAt: Date
}

/**
 * How the infrastructure (the auth and socket plugins) learns who a token belongs to, without knowing
 * where sessions are kept: the auth feature implements it (features/auth/session-service.ts) and the
 * composition root (app.ts) hands it to the plugins.
 */
export interface SessionResolver {
  /** The live session of a token, or null when it is unknown, revoked, expired or idle too long. */
  resolve(token: string): Promise<ResolvedSession | null>
  /**
   * Which of these session ids are still live. Sockets outlive the request that checked their
   * session, so they look again: on connection-state recovery, after joining their rooms, and in
   * the periodic sweep.
   */
  liveSessionIds(ids: readonly string[]): Promise<Set<string>>
  /**
   * Sessions whose revocation just committed. The resolver may remember sessions it checked: this
   * resolves once no node remembers these any more, so the revoking request can answer.
   */
  revoked(sessionIds: readonly string[]): Promise<void>
}
