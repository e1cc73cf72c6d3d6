/**
 * A tracked click, step 1 of 3: the intake. Each click is ONE row appended to `click_intake`, durable
 * before the viewer is answered, taking no lock any other click takes; the taps arriving together
 * share one multi-row insert, so a raid's thousands of taps a minute cost a statement per group. Who the visitor is (click-identity.ts) and what is already certain (a forged address, an
 * address over its rate limit, an agent that is no browser) are decided here, where the request is;
 * the rest of the rules (click-rules.ts) run behind, in arrival order, in the settlement
 * (click-settlement.ts).
 */

import { sql } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import type { Database } from '#server/db/client.ts'
import { clickIntake } from '#server/db/schema.ts'
import { addressHash, clickAddress, isObviousBot, visitorHash } from './click-identity'
import { ClickReason } from './deal-steps'

export interface ClickArrival {
  dealId: string
  /** The client address behind any trusted proxy (`request.ip`): the only identity a click has. */
  ip: string
  /** Can only make the click invalid (no browser's agent), never tell one visitor from another. */
  userAgent: string | undefined
  /** The signed-in viewer, when the request carried a session. */
  viewerId: string | null
  /** The address is over its check-call limit: the click is recorded, never credited. */
  rateLimited: boolean
}

/** The reason a click is refused that is certain on arrival, or null when the rules must decide. */
function refusalOnArrival(arrival: ClickArrival, hasAddress: boolean): string | null {
  if (!hasAddress) return ClickReason.invalidAddress
  if (arrival.rateLimited) return ClickReason.rateLimited
  if (isObviousBot(arrival.userAgent)) return ClickReason.bot
  return null
}

type IntakeValues = typeof clickIntake.$inferInsert

interface Waiting {
  values: IntakeValues
  resolve(id: number): void
  reject(error: unknown): void
}

// 500 rows an insert: a raid's concurrent taps share one statement (six array parameters whatever
// the count).
const ROWS_PER_INSERT = 500
/**
 * Inserts in flight at once: 4 on PostgreSQL, whose pool keeps connections for everything else a
 * node does during a raid; 1 on the embedded database, which runs one statement at a time anyway, so
 * the taps arriving meanwhile wait for the next insert together instead of queueing as small ones.
 */
export const intakeInsertsAtOnce = (kind: 'pglite' | 'postgres'): number => (kind === 'pglite' ? 1 : 4)

/**
 * The intake's writer for one database: the taps that arrive while an insert is running go into the
 * next one, a multi-row insert, so a raid costs a statement per group of taps rather than per tap
 * (and on the embedded database, one turn of its single connection). A lone tap is written at once:
 * no tap waits on a timer. Each tap's promise resolves when its own row is durable, or rejects with
 * its insert.
 */
class IntakeWriter {
  readonly #waiting: Waiting[] = []
  #running = 0
  #scheduled = false

  constructor(
    private readonly db: Database,
    private readonly insertsAtOnce: number,
  ) {}

  append(values: IntakeValues): Promise<number> {
    return new Promise((resolve, reject) => {
      this.#waiting.push({ values, resolve, reject })
      this.#schedule()
    })
  }

  #schedule(): void {
    if (this.#scheduled || this.#running >= this.insertsAtOnce || this.#waiting.length === 0) return
    this.#scheduled = true
    // After the I/O of this turn: the taps whose requests were read together share the insert.
    setImmediate(() => {
      this.#scheduled = false
      void this.#write()
    })
  }

  async #write(): Promise<void> {
    const group = this.#waiting.splice(0, ROWS_PER_INSERT)
    if (group.length === 0) return
    this.#running += 1
    try {
      // One statement text whatever the group's size (prepared once), the rows as six arrays.
      const column = <K extends keyof IntakeValues>(key: K) =>
        sql.param(group.map((waiting) => waiting.values[key] ?? null))
      const { rows } = await this.db.execute<{ id: string | number }>(sql`
        insert into ${clickIntake} (deal_id, network, visitor_hash, address_hash, refusal, viewer_id)
        select * from unnest(${column('dealId')}::uuid[], ${column('network')}::text[],
          ${column('visitorHash')}::text[], ${column('addressHash')}::text[], ${column('refusal')}::text[],
          ${column('viewerId')}::uuid[])
        returning id`)
      // The ids follow the rows' order (an identity taken row by row as the insert runs).
      group.forEach((waiting, index) => {
        const row = rows[index]
        if (row) waiting.resolve(Number(row.id))
        else waiting.reject(new Error('click intake insert returned no row'))
      })
    } catch (error) {
      for (const waiting of group) waiting.reject(error)
    } finally {
      this.#running -= 1
      this.#schedule()
    }
  }
}

const writers = new WeakMap<Database, IntakeWriter>()

/** Appends one click to the intake (durable once this resolves); answers the intake row's id. */
export async function appendClick(db: Database, arrival: ClickArrival, insertsAtOnce = 4): Promise<number> {
  const from = clickAddress(arrival.ip)
  // The per-deal window and the daily cap count the prefix (an IPv6 /48), so rotating /64s inside one
  // site is one visitor; a client address that is no address at all stands for itself, never credited.
  const identity = from?.prefix ?? arrival.ip
  let writer = writers.get(db)
  if (!writer) {
    writer = new IntakeWriter(db, insertsAtOnce)
    writers.set(db, writer)
  }
  return writer.append({
    dealId: arrival.dealId,
    network: from?.network ?? null,
    visitorHash: visitorHash(arrival.dealId, identity),
    addressHash: from ? await addressHash(db, from.prefix) : null,
    refusal: refusalOnArrival(arrival, from !== null),
    viewerId: arrival.viewerId,
  })
}

// Link unfurlers fetch a pasted link to draw its preview card. isbot and the browser-shape rule catch
// them; they are named here too, so a chat app's preview is never a click whatever that list becomes.
// (Twitch's in-app browser writes `Twitch/19.1.0` after a browser's agent: a person, not `Twitchbot`.)
const UNFURLER = /Discordbot|Twitterbot|Slackbot|TelegramBot|WhatsApp\/|facebookexternalhit|Twitchbot/i

/**
 * A request that looks at a tracked link without a person following it: a HEAD, a browser's
 * speculative prefetch or prerender, a chat app's preview, a bot. It is redirected like anyone, and
 * never recorded nor counted.
 */
export function isLookOnly(request: FastifyRequest): boolean {
  if (request.method === 'HEAD') return true
  const purpose = `${request.headers['sec-purpose'] ?? ''} ${request.headers.purpose ?? ''}`.toLowerCase()
  if (/prefetch|prerender/.test(purpose)) return true
  const agent = request.headers['user-agent']
  return isObviousBot(agent) || UNFURLER.test(agent ?? '')
}
