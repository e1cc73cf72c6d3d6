/**
 * The loop that runs the settlement (click-settlement.ts) on every node: it claims the missions with
 * unsettled clicks, settles a batch of each, and announces each deal's change once per batch, after
 * the commit, never once per click.
 */
import { count, eq, isNull, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { Database } from '#server/db/client.ts'
import { clickIntake, deals } from '#server/db/schema.ts'
import { settleMissionBatch } from './click-settlement'
import { announceDealChanges } from './deal-notifier'
import { ClickReason } from './deal-steps'

// 100 ms: a click shows on the streamer's screen well within a second, and an idle node asks the
// database ten times a second a question its partial index answers from an empty page.
const POLL_MS = 100
// 10 ms: a wake-up waits that long for the taps arriving with it, so a raid's taps settle in batches
// rather than one pass (and one announcement) each; a viewer never waits on it.
const WAKE_DELAY_MS = 10
// 50 missions a pass: a pass over many missions still ends quickly to start the next.
const MISSIONS_PER_PASS = 50
// 200 ms from one pass's start to the next while a raid keeps them coming (a pass of RAID_PASS clicks
// or more): a batch then holds a fifth of a second of taps, so each deal's row, ledger entry, wallet
// and announcements are written once for many clicks rather than once for every few (the cost of a
// batch is mostly per deal, not per click). A click still shows within a pass and a gap; a lone click
// never waits on one, nor one somebody waits on.
const PASS_GAP_MS = 200
const RAID_PASS = 20

/** Clicks taken in and not settled yet: the operator's backlog, read at each scrape. */
async function pendingClicks(db: Database): Promise<number> {
  const [row] = await db.select({ pending: count() }).from(clickIntake).where(isNull(clickIntake.settledAt))
  return row?.pending ?? 0
}

/**
 * The missions with unsettled clicks, the longest-waiting first. A click whose deal is gone (deleted
 * with its mission or its streamer) has nothing left to settle against: it is marked settled here, so
 * the backlog still drains, and counted as refused.
 */
async function pendingMissions(app: FastifyInstance): Promise<string[]> {
  const { rows } = await app.db.execute<{ mission_id: string | null }>(sql`
    select ${deals.missionId} as mission_id from ${clickIntake}
    left join ${deals} on ${deals.id} = ${clickIntake.dealId}
    where ${clickIntake.settledAt} is null
    group by ${deals.missionId} order by min(${clickIntake.id}) limit ${MISSIONS_PER_PASS}`)
  if (rows.some((row) => row.mission_id === null)) await settleOrphans(app)
  return rows.flatMap((row) => (row.mission_id === null ? [] : [row.mission_id]))
}

async function settleOrphans(app: FastifyInstance): Promise<void> {
  const { rows } = await app.db.execute<{ created_at: string | Date }>(sql`
    update ${clickIntake} set settled_at = clock_timestamp()
    where ${clickIntake.settledAt} is null
      and not exists (select 1 from ${deals} where ${deals.id} = ${clickIntake.dealId})
    returning ${clickIntake.createdAt} as created_at`)
  const now = Date.now()
  for (const row of rows)
    app.metrics.clickSettled(ClickReason.notInProgress, (now - new Date(row.created_at).getTime()) / 1000)
}

/** Lets the viewers' redirects waiting on the event loop (and the embedded database) go first. */
const yieldToRequests = () => new Promise<void>((resolve) => setImmediate(resolve))

/** One pass over the deals with unsettled clicks; answers how many clicks it settled. */
async function settlePass(app: FastifyInstance, onSettled: (ids: number[]) => void): Promise<number> {
  let clicks = 0
  for (const missionId of await pendingMissions(app)) {
    try {
      await yieldToRequests()
      const batch = await settleMissionBatch(app.db, missionId, app.config.earningsHoldHours)
      if (!batch) continue
      clicks += batch.ids.length
      onSettled(batch.ids)
      const now = Date.now()
      for (const { refused, receivedAt } of batch.outcomes)
        app.metrics.clickSettled(refused, (now - receivedAt.getTime()) / 1000)
      await announceDealChanges(app, batch.changes)
    } catch (error) {
      // A deadlock with another node's batch (two missions sharing addresses) rolls this batch back
      // whole: its clicks stay unsettled and the next pass takes them again.
      app.log.warn({ err: error, missionId }, 'click settlement batch failed; retried on the next pass')
    }
  }
  return clicks
}

export interface ClickSettler {
  /** Settle now (a click was just taken in on this node) rather than at the next poll. */
  wake(): void
  /**
   * Resolves once the intake row is settled: told by this node's loop, or seen in the database when
   * another node settled it; after 5 s at most (false), as its caller answers anyway.
   */
  settled(intakeId: number): Promise<boolean>
}

// 5 s at most: on this node a woken settlement takes milliseconds; 250 ms between looks at the
// database, for a click another node's loop took.
const SETTLED_WAIT_MS = 5000
const SETTLED_LOOK_MS = 250

/**
 * Runs the settlement on the app: from ready, every POLL_MS, WAKE_DELAY_MS after a wake(), and at once
 * for a click someone waits on (settled()); one pass at a time, passes following each other while
 * there is work; stopped, its pass finished, when the app closes.
 */
export function registerClickSettlement(app: FastifyInstance): ClickSettler {
  let timer: NodeJS.Timeout | undefined
  let running: Promise<void> | null = null
  let again = false
  let stopped = false
  const waiters = new Map<number, () => void>()
  const onSettled = (ids: number[]) => {
    for (const id of ids) waiters.get(id)?.()
  }
  let endGap: (() => void) | undefined
  let urgent = false
  const gap = (ms: number) =>
    new Promise<void>((resolve) => {
      const timeout = setTimeout(resolve, ms)
      endGap = () => {
        clearTimeout(timeout)
        resolve()
      }
    }).finally(() => {
      endGap = undefined
    })
  const drain = async () => {
    do {
      again = false
      try {
        while (!stopped) {
          const started = performance.now()
          const clicks = await settlePass(app, onSettled)
          if (clicks === 0) break
          again = false
          const rest = PASS_GAP_MS - (performance.now() - started)
          if (clicks >= RAID_PASS && rest > 0 && !urgent && !stopped) await gap(rest)
          urgent = false
        }
      } catch (error) {
        app.log.error({ err: error }, 'click settlement pass failed')
      }
    } while (again && !stopped)
  }
  const run = () => {
    if (stopped) return
    if (running) {
      again = true
      return
    }
    running = drain().finally(() => {
      running = null
    })
  }
  let wakeTimer: NodeJS.Timeout | undefined
  const wake = () => {
    wakeTimer ??= setTimeout(() => {
      wakeTimer = undefined
      run()
    }, WAKE_DELAY_MS)
  }
  app.metrics.readBacklogWith(() => pendingClicks(app.db))
  app.addHook('onReady', async () => {
    timer = setInterval(run, POLL_MS)
    timer.unref()
    run()
  })
  app.addHook('preClose', async () => {
    stopped = true
    endGap?.()
    clearInterval(timer)
    clearTimeout(wakeTimer)
    await running
  })
  const settled = async (intakeId: number): Promise<boolean> => {
    // Someone waits on this click: settle now rather than after the wake-up's delay or a pass's gap.
    urgent = true
    endGap?.()
    run()
    let told = false
    const tell = new Promise<void>((resolve) => {
      waiters.set(intakeId, () => {
        told = true
        resolve()
      })
    })
    try {
      for (let waited = 0; waited < SETTLED_WAIT_MS && !told; waited += SETTLED_LOOK_MS) {
        const [row] = await app.db
          .select({ settledAt: clickIntake.settledAt })
          .from(clickIntake)
          .where(eq(clickIntake.id, intakeId))
        if (!row || row.settledAt) return true
        await Promise.race([tell, new Promise((resolve) => setTimeout(resolve, SETTLED_LOOK_MS))])
      }
      return told
    } finally {
      waiters.delete(intakeId)
    }
  }
  return { wake, settled }
}
