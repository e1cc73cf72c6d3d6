/**
 * A push subscription's endpoint is a URL the user hands us, and the server then sends requests to
 * it: an SSRF target. Only `https:` URLs whose host resolves to public unicast addresses are
 * accepted (ipaddr.js's ranges, not a hand-kept list: loopback, private, link-local, unique-local,
 * multicast, unspecified, carrier NAT, reserved... are all refused), and the request then connects to
 * the very address that was checked (no second DNS lookup, so a rebinding name cannot switch it to an
 * internal one in between). PUSH_ALLOWED_ORIGINS exempts named origins (a local stand-in in tests).
 */
import { lookup } from 'node:dns/promises'
import ipaddr from 'ipaddr.js'

export class RefusedEndpoint extends Error {
  constructor(reason: string) {
    super(`push endpoint refused: ${reason}`)
    this.name = 'RefusedEndpoint'
  }
}

export interface CheckedEndpoint {
  url: URL
  /** The address to connect to; absent for an allow-listed origin (resolved normally). */
  pinned?: { address: string; family: 4 | 6 }
}

export type Resolver = (hostname: string) => Promise<Array<{ address: string; family: number }>>

const systemResolver: Resolver = (hostname) => lookup(hostname, { all: true, verbatim: true })

const MAX_ENDPOINT_LENGTH = 2048

/**
 * The block IANA allocates public IPv6 unicast from. ipaddr.js calls everything it has no name for
 * 'unicast', including the deprecated IPv4-compatible block ::/96 (`::127.0.0.1` reaches the loopback
 * on stacks that still route it) and site-local fec0::/10: outside 2000::/3 nothing is public.
 */
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3')

/**
 * Public unicast only: ipaddr.js names every special-purpose range (loopback, private, linkLocal,
 * uniqueLocal, rfc6052, rfc6145, 6to4, teredo, reserved, carrierGradeNat, multicast, broadcast...)
 * and 'unicast' is what is left; IPv6 must also lie in the global unicast block.
 */
function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false
  // process(): an IPv4-mapped IPv6 address (::ffff:127.0.0.1) is judged as the IPv4 address it is.
  const parsed = ipaddr.process(address)
  if (parsed.range() !== 'unicast') return false
  return parsed.kind() === 'ipv4' || parsed.match(GLOBAL_UNICAST_V6)
}

export async function checkPushEndpoint(
  raw: string,
  allowedOrigins: readonly string[],
  resolve: Resolver = systemResolver,
): Promise<CheckedEndpoint> {
  if (raw.length > MAX_ENDPOINT_LENGTH) throw new RefusedEndpoint('too long')
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw new RefusedEndpoint('not a URL')
  }
  if (url.username || url.password) throw new RefusedEndpoint('credentials in the URL')
  if (allowedOrigins.includes(url.origin)) return { url }
  if (url.protocol !== 'https:') throw new RefusedEndpoint('not https')
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1')
  const addresses = ipaddr.isValid(host) ? [{ address: host, family: host.includes(':') ? 6 : 4 }] : []
  if (addresses.length === 0) {
    try {
      addresses.push(...(await resolve(host)))
    } catch {
      throw new RefusedEndpoint('host does not resolve')
    }
  }
  const first = addresses[0]
  if (!first) throw new RefusedEndpoint('host does not resolve')
  // Every address must be public: a name answering one public and one internal address could be
  // connected to the internal one by whatever picks among them.
  if (!addresses.every((entry) => isPublicAddress(entry.address))) {
    throw new RefusedEndpoint('host is not a public address')
  }
  return { url, pinned: { address: first.address, family: first.family === 6 ? 6 : 4 } }
}
