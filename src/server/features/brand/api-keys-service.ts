/**
 * The brand API keys' resolver, handed to the auth plugin by the composition root (app.ts): which
 * brand a key belongs to, checked in the database on every request so a revocation counts at once.
 * "Last used" is written at most once a minute per key and node (this memory), and the statement's
 * own guard keeps several nodes from writing more often: no write per request.
 */
import type { Executor } from '#server/db/client.ts'
import type { ApiKeyResolver } from '#server/http/api-key-resolver.ts'
import { findLiveKey, touchApiKey } from './api-keys-repository'

const TOUCH_EVERY_MS = 60_000

export function apiKeyResolver(
  db: Executor,
  log: { warn(object: object, message: string): void },
): ApiKeyResolver {
  const touchedAt = new Map<string, number>()
  return {
    async resolve(secret) {
      const key = await findLiveKey(db, secret)
      if (!key) return null
      const now = Date.now()
      if ((touchedAt.get(key.id) ?? 0) + TOUCH_EVERY_MS <= now) {
        touchedAt.set(key.id, now)
        // Bounded: a node sees a brand's few keys; a stale entry only delays one stamp.
        if (touchedAt.size > 10_000) touchedAt.clear()
        touchApiKey(db, key.id).catch((error: unknown) =>
          log.warn({ err: error }, 'stamping an API key failed'),
        )
      }
      return key
    },
  }
}
