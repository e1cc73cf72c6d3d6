/**
 * Who clicked, as far as click validity is concerned: the network address alone. Nothing
 * the client picks freely (User-Agent, cookies, query) is part of it, so rotating headers buys nothing;
 * the User-Agent may only make a click invalid (a declared bot), never a new visitor.
 */
import { createHmac } from 'node:crypto'
import { isIPv4, isIPv6 } from 'node:net'
import { asc } from 'drizzle-orm'
import type { Database } from '#server/db/client.ts'
import { missions } from '#server/db/schema.ts'

const IPV6_HEXTETS = 8
// A /64 is the smallest block a provider hands a home or a phone (RFC 6177): every address inside it
// is one subscriber, who could otherwise pick a fresh address per click among 2^64.
const IPV6_NETWORK_HEXTETS = 4

/** The eight 16-bit groups of an IPv6 address (zone and embedded dotted IPv4 handled), or null. */
function ipv6Hextets(address: string): number[] | null {
  let text = address.split('%')[0] ?? ''
  const dotted = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text)
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number]
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`
  }
  const [head = '', tail] = text.split('::')
  const part = (side: string) => (side === '' ? [] : side.split(':'))
  const left = part(head)
  const right = tail === undefined ? [] : part(tail)
  const missing = IPV6_HEXTETS - left.length - right.length
  if (missing < 0 || (tail === undefined && missing !== 0)) return null
  const groups = [...left, ...Array<string>(missing).fill('0'), ...right].map((group) =>
    Number.parseInt(group, 16),
  )
  return groups.every((group) => Number.isInteger(group) && group >= 0 && group <= 0xffff) ? groups : null
}

/**
 * The network a client address stands for: an IPv4 address as is, an IPv6 address reduced to its /64,
 * and an IPv4-mapped IPv6 address (`::ffff:a.b.c.d`, what a dual-stack socket reports) as its IPv4.
 */
export function clickNetwork(ip: string): string {
  const address = ip.trim().toLowerCase()
  if (isIPv4(address)) return address
  if (!isIPv6(address.split('%')[0] ?? '')) return address
  const groups = ipv6Hextets(address)
  if (!groups) return address
  const mapped = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff
  if (mapped) {
    const [high = 0, low = 0] = groups.slice(6)
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.')
  }
  return `${groups
    .slice(0, IPV6_NETWORK_HEXTETS)
    .map((group) => group.toString(16))
    .join(':')}::/64`
}

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

// Crawlers, link unfurlers, headless browsers, automation drivers and scripted HTTP clients announce
// themselves; a missing agent is a script too.
const BOT_AGENT =
  /bot|crawl|spider|slurp|preview|facebookexternalhit|whatsapp|headless|phantom|selenium|webdriver|puppeteer|playwright|lighthouse|curl|wget|python|java\/|okhttp|go-http|axios|node-fetch|undici|httpclient|httpie|libwww|guzzle|aiohttp|httpx|scrapy|monitor/i

/** True for a declared bot or script: such a click is invalid, whatever else it carries. */
export const isObviousBot = (userAgent: string | undefined): boolean =>
  !userAgent || userAgent.trim() === '' || BOT_AGENT.test(userAgent)
