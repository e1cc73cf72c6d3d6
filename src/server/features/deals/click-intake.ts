/**
 * A tracked click, step 1 of 3: the intake. Each click is ONE append to `click_intake`, made before the
 * viewer is answered, taking no lock any other click takes: a raid's thousands of taps a minute cost one
 * insert each. Who the visitor is (click-identity.ts) and what is already certain (a forged address, an
 * address over its rate limit, an agent that is no browser) are decided here, where the request is;
 * the rest of the rules (click-rules.ts) run behind, in arrival order, in the settlement
 * (click-settlement.ts).
 */
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

/** Appends one click to the intake (durable once this resolves); answers the intake row's id. */
export async function appendClick(db: Database, arrival: ClickArrival): Promise<number> {
  const from = clickAddress(arrival.ip)
  // The per-deal window and the daily cap count the prefix (an IPv6 /48), so rotating /64s inside one
  // site is one visitor; a client address that is no address at all stands for itself, never credited.
  const identity = from?.prefix ?? arrival.ip
  const [row] = await db
    .insert(clickIntake)
    .values({
      dealId: arrival.dealId,
      network: from?.network ?? null,
      visitorHash: visitorHash(arrival.dealId, identity),
      addressHash: from ? await addressHash(db, from.prefix) : null,
      refusal: refusalOnArrival(arrival, from !== null),
      viewerId: arrival.viewerId,
    })
    .returning({ id: clickIntake.id })
  if (!row) throw new Error('click intake insert returned no row')
  return row.id
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
