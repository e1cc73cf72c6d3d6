/**
 * Database notifications (LISTEN/NOTIFY): how a node hears of a change another node committed, with no
 * other shared service than the database. PostgreSQL delivers a NOTIFY when its transaction commits.
 *
 * A listener can miss notifications while its connection is down, so it says when it is `live`:
 * whoever keeps state on the strength of them (the session cache) must not trust that state while
 * the feed is not live, and must start afresh when it is live again.
 */
import { randomUUID } from 'node:crypto'
import pg from 'pg'

/** Where the database layer reports what an operator should see (the app's logger). */
export interface DatabaseLogger {
  info(message: string): void
  warn(message: string): void
}

export interface NotificationHandlers {
  message(payload: string): void
  /** True once listening, false when the connection is lost (notifications may be missed until true again). */
  live(isLive: boolean): void
}

export interface NotificationFeed {
  /**
   * Resolves once this feed has heard every notification committed before the call (at once when the
   * feed is down: nothing heard then is trusted anyway). A write that answers after it lets whoever
   * reads next on this node see the change, even a change to someone else's answers.
   */
  caughtUp(): Promise<void>
  close(): Promise<void>
}

// A marker a feed sends itself: nobody else's payload starts with it, and it reaches no handler. Every
// node listening on the channel hears it too, so each feed's marks carry the feed's own random id.
const CAUGHT_UP_MARK = '~caught-up:'
// A marker lost with its connection must not hold a write's answer: past this, the write answers.
const CAUGHT_UP_TIMEOUT_MS = 2_000

// Reconnection waits double from a quarter of a second up to 30 s while the database is unreachable.
const FIRST_RETRY_MS = 250
const MAX_RETRY_MS = 30_000

/**
 * How a channel's listening connections show in pg_stat_activity: one per node and channel, so a
 * node that waits for every other node to hear a channel can count them.
 */
export const listenerApplicationName = (channel: string) => `streamdeals-listen-${channelIdentifier(channel)}`

const channelIdentifier = (channel: string) => {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`invalid notification channel "${channel}"`)
  return channel
}

/** A dedicated PostgreSQL connection (not from the pool) listening on `channel`, reconnecting on loss. */
export function listenPostgres(
  databaseUrl: string,
  channel: string,
  handlers: NotificationHandlers,
  log?: DatabaseLogger,
): NotificationFeed {
  const identifier = channelIdentifier(channel)
  let current: pg.Client | undefined
  /** `current` once its LISTEN answered (a mark sent before it would never come back). */
  let listening: pg.Client | undefined
  let closed = false
  let retryMs = FIRST_RETRY_MS
  let retry: NodeJS.Timeout | undefined
  let marks = 0
  const feedId = randomUUID()
  const waitingForMark = new Map<string, () => void>()
  const releaseAll = () => {
    for (const release of [...waitingForMark.values()]) release()
  }

  const lost = (client: pg.Client, reason: string) => {
    if (client !== current) return
    current = undefined
    handlers.live(false)
    releaseAll()
    client.end().catch(() => undefined)
    if (closed) return
    log?.warn(`notifications on ${identifier}: ${reason}; listening again in ${retryMs} ms`)
    retry = setTimeout(connect, retryMs)
    retry.unref()
    retryMs = Math.min(retryMs * 2, MAX_RETRY_MS)
  }

  async function connect() {
    retry = undefined
    // keepAlive: a connection that died silently (a dropped route) is noticed and replaced.
    const client = new pg.Client({
      connectionString: databaseUrl,
      keepAlive: true,
      application_name: listenerApplicationName(identifier),
    })
    current = client
    client.on('notification', ({ channel: heardOn, payload }) => {
      if (heardOn !== identifier || payload === undefined) return
      if (!payload.startsWith(CAUGHT_UP_MARK)) return handlers.message(payload)
      waitingForMark.get(payload)?.()
    })
    client.on('error', (error) => lost(client, error.message))
    client.on('end', () => lost(client, 'connection ended'))
    try {
      await client.connect()
      await client.query(`LISTEN ${identifier}`)
    } catch (error) {
      lost(client, error instanceof Error ? error.message : String(error))
      return
    }
    if (client !== current) return
    if (closed) {
      current = undefined
      await client.end().catch(() => undefined)
      return
    }
    retryMs = FIRST_RETRY_MS
    listening = client
    handlers.live(true)
  }

  void connect()
  return {
    // PostgreSQL delivers a channel's notifications in commit order: once the mark this connection
    // sends itself comes back, every notification committed before it has been handled.
    async caughtUp() {
      const client = listening
      if (!client || client !== current || closed) return
      marks += 1
      const mark = `${CAUGHT_UP_MARK}${feedId}:${marks}`
      const heard = new Promise<void>((resolve) => {
        const release = () => {
          clearTimeout(timer)
          waitingForMark.delete(mark)
          resolve()
        }
        const timer = setTimeout(release, CAUGHT_UP_TIMEOUT_MS)
        timer.unref()
        waitingForMark.set(mark, release)
      })
      client.query('select pg_notify($1, $2)', [identifier, mark]).catch(() => waitingForMark.get(mark)?.())
      await heard
    },
    async close() {
      closed = true
      if (retry) clearTimeout(retry)
      const client = current
      current = undefined
      handlers.live(false)
      releaseAll()
      await client?.end().catch(() => undefined)
    },
  }
}
