/**
 * Who clicked, as far as click validity is concerned: the network address alone. Nothing
 * the client picks freely (User-Agent, cookies, query) is part of it, so rotating headers buys nothing;
 * the User-Agent may only make a click invalid (a declared bot), never a new visitor.
 */
import { createHmac } from 'node:crypto'
import { asc } from 'drizzle-orm'
import ipaddr from 'ipaddr.js'
import { isbot } from 'isbot'
import type { Database } from '#server/db/client.ts'
import { missions } from '#server/db/schema.ts'

// A /64 is the smallest block a provider hands a home or a phone (RFC 6177): every address inside it
// is one subscriber, who could otherwise pick a fresh address per click among 2^64.
const IPV6_NETWORK_BITS = 64
// A /48, not a /56, is what one site holds: the block a regional registry's smallest end-site
// assignment, a business line and a free tunnel-broker account give, so the one an attacker can have
// for nothing. Counting /56s would still leave him 256 identities (256 credits per deal); the cost is
// that neighbours on one carrier /48 share a deal's credit of the day, which a single person's rotating
// /64s must never multiply.
const IPV6_PREFIX_BITS = 48

/** Where a click came from: its network (one subscriber) and the prefix (one site) holding it. */
export interface ClickAddress {
  /** An IPv4 address as is, an IPv6 address as its /64: the rate limit and the owner's places. */
  network: string
  /** An IPv4 address as is, an IPv6 address as its /48: the per-deal window and the daily cap. */
  prefix: string
}

/**
 * The network and prefix of a client address, or null when it is not an address at all (a trusted
 * proxy passing a client's own X-Forwarded-For on: `not-an-ip`, `999.1.1.1`). An IPv4-mapped IPv6
 * address (`::ffff:a.b.c.d`, what a dual-stack socket reports) is its IPv4. Only the dotted four-part
 * IPv4 form counts: `127.1` or `0x7f.1` are no client address a proxy would write.
 */
export function clickAddress(ip: string): ClickAddress | null {
  const text = ip.trim()
  if (ipaddr.IPv4.isValidFourPartDecimal(text)) {
    const address = ipaddr.IPv4.parse(text).toString()
    return { network: address, prefix: address }
  }
  if (!ipaddr.IPv6.isValid(text)) return null
  const parsed = ipaddr.process(text)
  if (parsed.kind() === 'ipv4') return { network: parsed.toString(), prefix: parsed.toString() }
  const block = (bits: number) =>
    `${ipaddr.IPv6.networkAddressFromCIDR(`${text}/${bits}`).toString()}/${bits}`
  return { network: block(IPV6_NETWORK_BITS), prefix: block(IPV6_PREFIX_BITS) }
}

/** The network of a client address (see clickAddress); a value that is no address stands for itself. */
export const clickNetwork = (ip: string): string => clickAddress(ip)?.network ?? ip.trim().toLowerCase()

/**
 * A viewer's identity on one deal: HMAC of the network keyed by the deal's id. The id is random and
 * never leaves the server, so the stored value cannot be turned back into an address without it, nor
 * linked across deals.
 */
export const visitorHash = (dealId: string, network: string): string =>
  createHmac('sha256', dealId).update(network).digest('hex')

const addressKeys = new WeakMap<Database, Promise<Buffer>>()

/**
 * The server-wide key of address hashes, which must be the same on every node and after a restart
 * (a per-process key would let each node of a cluster grant its own daily cap). It is derived from
 * the id of the oldest mission: random (122 bits), kept in the database every node shares, never sent
 * to a client, and never deleted (deals hold their mission). A click needs a deal, hence a mission,
 * so the key always exists when it is asked for.
 */
async function addressKey(db: Database): Promise<Buffer> {
  const [oldest] = await db
    .select({ id: missions.id })
    .from(missions)
    .orderBy(asc(missions.createdAt), asc(missions.id))
    .limit(1)
  if (!oldest) throw new Error('no mission: address hashes need one to derive their key')
  return createHmac('sha256', oldest.id).update('streamdeals click address hash v1').digest()
}

/** A network's identity across all deals (for the per-address daily cap), keyed by the server-wide key. */
export async function addressHash(db: Database, network: string): Promise<string> {
  let key = addressKeys.get(db)
  if (!key) {
    key = addressKey(db)
    addressKeys.set(db, key)
    // A failed read (database briefly away) must not stick: the next click tries again.
    key.catch(() => addressKeys.delete(db))
  }
  return createHmac('sha256', await key)
    .update(network)
    .digest('hex')
}

/**
 * A browser's User-Agent, as every browser engine in use still writes it: `Mozilla/5.0 (platform)`,
 * the platform naming a known system, then either WebKit/Blink (`AppleWebKit/n (KHTML, like Gecko)`
 * followed by at least one product/version: Chrome, Safari, Edge, Samsung Internet, an Android or iOS
 * in-app web view such as Twitch's or Discord's) or Gecko with Firefox. A script's own agent (`node`,
 * `Deno/1`, `PostmanRuntime`, `Dalvik/2.1.0`) or a bare `Mozilla/5.0` has no such shape.
 */
const BROWSER_AGENT =
  /^Mozilla\/5\.0 \([^()]*\b(?:Windows|Macintosh|iPhone|iPad|iPod|Android|Linux|X11|CrOS)\b[^()]*\) (?:AppleWebKit\/\d+(?:\.\d+)*\+? \(KHTML, like Gecko\)(?: \S+)*? [A-Za-z][\w.-]*\/\d|Gecko\/\d+(?:\.\d+)* Firefox\/\d)/
// Desktop shells built on a browser engine (Electron, what scripted "browsers" like Nightmare run on)
// copy the shape; their agent names them.
const SHELL_AGENT = /\bElectron\/\d/

/**
 * True when the agent is no person's browser: a bot the maintained isbot list knows (crawlers,
 * unfurlers, headless browsers, HTTP libraries), or anything without a browser's shape, a missing
 * agent included. Such a click is invalid, whatever else it carries.
 */
export function isObviousBot(userAgent: string | undefined): boolean {
  const agent = userAgent?.trim() ?? ''
  return isbot(agent) || !BROWSER_AGENT.test(agent) || SHELL_AGENT.test(agent)
}
