/**
 * The loop that drains a durable outbox table (push notifications, brand webhooks): woken at once by
 * the table's NOTIFY channel, by a poll for retries falling due, or by hand; one pass at a time, a
 * wake during a pass asking for another after it; a pass claims batch after batch until a short one
 * says nothing more is due. Claiming (FOR UPDATE SKIP LOCKED with a lease) and sending stay with the
 * caller, which knows its table.
 */
import type { OpenedDatabase } from '#server/db/client.ts'

export interface OutboxDrain {
  /** Runs a pass now (and another if woken meanwhile); resolves when nothing is due. */
  wake(): Promise<void>
  /** Stops waking, and waits for the pass under way. */
  close(): Promise<void>
}

export interface OutboxDrainOptions<Row> {
  database: Pick<OpenedDatabase, 'listen'>
  channel: string
  pollMs: number
  /** A claim answering fewer rows than this ends the pass. */
  batch: number
  claim(): Promise<Row[]>
  /**
   * Sends one claimed batch; a failure of one row is the caller's to record. `closing()` turns true
   * once the drain is closed, for a sender that stops between rows.
   */
  send(rows: Row[], closing: () => boolean): Promise<unknown>
  /** A pass that threw (the database out of reach): logged, and the next wake tries again. */
  onError(error: unknown): void
}

export function drainOutbox<Row>(options: OutboxDrainOptions<Row>): OutboxDrain {
  let running: Promise<void> | undefined
  let again = false
  let closed = false

  async function pass(): Promise<void> {
    do {
      again = false
      for (;;) {
        if (closed) return
        const rows = await options.claim()
        await options.send(rows, () => closed)
        if (rows.length < options.batch) break
      }
    } while (again && !closed)
  }

  function wake(): Promise<void> {
    if (running) {
      again = true
      return running
    }
    running = pass()
      .catch(options.onError)
      .finally(() => {
        running = undefined
      })
    return running
  }

  const feed = options.database.listen(options.channel, {
    message: () => void wake(),
    live: (isLive) => {
      if (isLive) void wake()
    },
  })
  const poll = setInterval(() => void wake(), options.pollMs)
  poll.unref()

  return {
    wake,
    async close() {
      closed = true
      clearInterval(poll)
      await feed.close()
      await running
    },
  }
}
