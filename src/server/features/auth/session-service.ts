/**
 * The auth feature's public face for sessions: the resolver the composition root (app.ts) hands to
 * the auth and socket plugins, so the infrastructure checks tokens without knowing the sessions table.
 */
import type { Database } from '#server/db/client.ts'
import type { SessionResolver } from '#server/http/session-resolver.ts'
import { liveSessionIds, resolveSessionAndExpiry } from './sessions'

export function sessionService(db: Database): SessionResolver {
  return {
    resolve: (token) => resolveSessionAndExpiry(db, token),
    liveSessionIds: (ids) => liveSessionIds(db, ids),
  }
}
