/**
 * The auth feature's public face for sessions: the resolver the composition root (app.ts) hands to
 * the auth and socket plugins, so the infrastructure checks tokens without knowing the sessions table.
 *
 * Sessions checked within the last minute are answered from this node's memory (the lookup
 * was one of the two queries of every signed-in read); the database's revocation feed keeps that
 * memory honest on every node (see session-cache.ts and revocation-feed.ts).
 */
import type { OpenedDatabase } from '#server/db/client.ts'
import type { SessionResolver } from '#server/http/session-resolver.ts'
import { hashToken } from '#server/lib/tokens.ts'
import { revocationFeed } from './revocation-feed'
import { SessionCache } from './session-cache'
import { liveSessionIds, readLiveSession, TOUCH_INTERVAL_MS, wellFormedToken } from './sessions'

export interface SessionService extends SessionResolver {
  /** Stops listening to the revocation feed (the app closes it with itself). */
  close(): Promise<void>
}

export function sessionService(
  database: OpenedDatabase,
  log?: { warn(message: string): void },
): SessionService {
  const { db } = database
  const cache = new SessionCache(TOUCH_INTERVAL_MS)
  const feed = revocationFeed(
    database,
    { heard: (payload) => cache.heard(payload), live: (isLive) => cache.setLive(isLive) },
    log,
  )
  return {
    async resolve(token) {
      if (!wellFormedToken(token)) return null
      const tokenHash = hashToken(token)
      const now = Date.now()
      const remembered = cache.get(tokenHash, now)
      if (remembered) return remembered
      const epoch = cache.epoch
      const row = await readLiveSession(db, tokenHash, new Date(now))
      if (!row) return null
      cache.remember(tokenHash, row, epoch)
      return { session: row.session, expiresAt: row.expiresAt }
    },
    liveSessionIds: (ids) => liveSessionIds(db, ids),
    async revoked(sessionIds) {
      for (const id of sessionIds) cache.forgetSession(id)
      await feed.acknowledged(sessionIds.map((id) => `s:${id}`))
    },
    close: () => feed.close(),
  }
}
