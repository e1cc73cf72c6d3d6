import { createHash } from 'node:crypto'
import { ConfigError } from './config-values'

/**
 * REDIS_PREFIX: the first segment of every Redis key and channel of this deployment (socket.io's
 * stream, its session keys and pub/sub channels, the rate-limit counters), so several deployments can
 * share one Redis without seeing each other's events or counters. Letters, digits, `.`, `_`, `-`: no
 * `:` (we add it), and no glob characters, so `SCAN MATCH <prefix>:*` finds exactly this deployment's keys.
 */
const PREFIX = /^[A-Za-z0-9._-]{1,64}$/

/**
 * Unset, it is derived from where the database is: nodes of one deployment share their database, so
 * they agree on it, and deployments on different databases differ. Only the host, port and database
 * name are hashed, never the credentials (a short hash of a URL holding a weak password could be
 * guessed back); nodes that reach one database under different host names must set it explicitly.
 */
export function redisPrefix(
  raw: string | undefined,
  databaseUrl: string | undefined,
  dataDir: string,
): string {
  if (raw !== undefined) {
    if (!PREFIX.test(raw)) {
      throw new ConfigError('REDIS_PREFIX', `must be 1 to 64 letters, digits, ".", "_" or "-", got "${raw}"`)
    }
    return raw
  }
  const where = databaseUrl === undefined ? dataDir : databaseLocation(databaseUrl)
  return `streamdeals-${createHash('sha256').update(where).digest('hex').slice(0, 12)}`
}

function databaseLocation(databaseUrl: string): string {
  const url = new URL(databaseUrl)
  return `${url.hostname}:${url.port || '5432'}${url.pathname}`
}
