/**
 * How the nodes keep their remembered sessions honest together. The database announces
 * every session change as it commits (triggers of migration 0002, on the `streamdeals_sessions`
 * channel). Each node drops what it heard, then acknowledges on the same channel. A node that revokes
 * sessions itself (logout, password change or reset) waits for the acknowledgement of every node
 * listening before it answers: once the user sees "signed out", no node still holds the session.
 *
 * Payloads: `s:<session id>` and `u:<user id>` from the triggers, `a:<node id>:<payload>` for an ack.
 */
import { randomBytes } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { OpenedDatabase } from '#server/db/client.ts'
import { listenerApplicationName } from '#server/db/notifications.ts'

export const SESSION_CHANNEL = 'streamdeals_sessions'

// A node slower than this to acknowledge is presumed stuck: the revoking request goes on rather
// than hang (the stuck node still drops the session when it catches up).
const ACK_TIMEOUT_MS = 2000
// Acks may arrive before the revoking node starts waiting: they are kept this long.
const ACK_MEMORY_MS = 10_000

export interface RevocationFeed {
  /** Resolves once every listening node has dropped these announcements (e.g. `s:<id>`), or timed out. */
  acknowledged(payloads: readonly string[]): Promise<void>
  close(): Promise<void>
}

interface AckRecord {
  nodes: Set<string>
  at: number
  wake?: () => void
}

export function revocationFeed(
  database: OpenedDatabase,
  handlers: { heard(payload: string): void; live(isLive: boolean): void },
  log?: { warn(message: string): void },
): RevocationFeed {
  const nodeId = randomBytes(6).toString('hex')
  const acks = new Map<string, AckRecord>()
  // The embedded database has one node, this one, which hears its own announcements in-process.
  const shared = database.kind === 'postgres'

  const ackRecord = (payload: string) => {
    let record = acks.get(payload)
    if (!record) {
      const now = Date.now()
      for (const [key, old] of acks) if (now - old.at > ACK_MEMORY_MS && !old.wake) acks.delete(key)
      record = { nodes: new Set(), at: now }
      acks.set(payload, record)
    }
    return record
  }

  const feed = database.listen(SESSION_CHANNEL, {
    live: handlers.live,
    message(payload) {
      if (payload.startsWith('a:')) {
        const separator = payload.indexOf(':', 2)
        const record = ackRecord(payload.slice(separator + 1))
        record.nodes.add(payload.slice(2, separator))
        record.wake?.()
        return
      }
      handlers.heard(payload)
      if (!shared) return
      database.db
        .execute(sql`select pg_notify(${SESSION_CHANNEL}, ${`a:${nodeId}:${payload}`})`)
        .catch((error: unknown) => log?.warn(`session revocation ack failed: ${String(error)}`))
    },
  })

  async function listeningNodes(): Promise<number> {
    const { rows } = await database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from pg_stat_activity
          where datname = current_database() and application_name = ${listenerApplicationName(SESSION_CHANNEL)}`,
    )
    return rows[0]?.n ?? 0
  }

  async function allAcknowledged(payload: string, expected: number, deadline: number): Promise<boolean> {
    const record = ackRecord(payload)
    try {
      while (record.nodes.size < expected) {
        const left = deadline - Date.now()
        if (left <= 0) return false
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left)
          record.wake = () => {
            clearTimeout(timer)
            resolve()
          }
        })
      }
      return true
    } finally {
      record.wake = undefined
    }
  }

  return {
    async acknowledged(payloads) {
      if (!shared || payloads.length === 0) return
      const expected = await listeningNodes()
      const deadline = Date.now() + ACK_TIMEOUT_MS
      const results = await Promise.all(
        payloads.map((payload) => allAcknowledged(payload, expected, deadline)),
      )
      if (results.includes(false)) {
        log?.warn(`session revocation: not every node (${expected}) acknowledged within ${ACK_TIMEOUT_MS} ms`)
      }
    },
    close: () => feed.close(),
  }
}
