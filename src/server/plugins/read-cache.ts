import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { ReadCache } from '../lib/read-cache'

declare module 'fastify' {
  interface FastifyInstance {
    /** Answers of signed-in reads, kept until the database announces a change (lib/read-cache.ts). */
    readCache: ReadCache
  }
}

/** Where the triggers of migration 0004 announce what changed. */
export const READS_CHANNEL = 'streamdeals_reads'

// What the triggers cannot announce (nothing known today) is served at most this old.
const MAX_AGE_MS = 60_000
// Deal lists and wallets are a few KB each: 64 MB holds tens of thousands of active users.
const MAX_BYTES = 64 * 1024 * 1024

/**
 * Listens to the database's change announcements for the read cache. A write on this node answers
 * after the writer's own answers are dropped and after this node heard what its write announced, so
 * the next read on this node, the writer's or anyone's, sees it.
 */
export const readCachePlugin = fp(
  async (app: FastifyInstance) => {
    const cache = new ReadCache({ maxAgeMs: MAX_AGE_MS, maxBytes: MAX_BYTES })
    const feed = app.database.listen(READS_CHANNEL, {
      message: (payload) => cache.heard(payload),
      live: (isLive) => cache.setLive(isLive),
    })
    app.decorate('readCache', cache)
    app.addHook('onSend', async (request, reply) => {
      if (request.method === 'GET' || request.method === 'HEAD') return
      if (request.session) cache.changed(request.session.user.id)
      // A write may change someone else's answers too (an admin's review, a brand pausing a mission):
      // it answers once this node heard the database say so, so nobody reads here what it replaced.
      if (reply.statusCode < 400) await feed.caughtUp()
    })
    app.addHook('onClose', async () => feed.close())
  },
  { name: 'read-cache', dependencies: ['database'] },
)
