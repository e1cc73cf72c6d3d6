/**
 * TRUST_PROXY as Fastify's `trustProxy` option: which TCP peers may name the client address in
 * X-Forwarded-For. Off, `request.ip` is always the TCP peer, whatever a client sends.
 */
import type { FastifyServerOptions } from 'fastify'
import type { Config } from '../config'

/**
 * A list of addresses/CIDRs goes to Fastify as is: X-Forwarded-For is read only when the TCP peer is
 * in the list, and then only as far back as the entries that are themselves listed proxies.
 * A hop count needs translating: Fastify 5 ignores a bare number (it cannot tell the proxy from a
 * client sending the header itself, so it trusts nothing), so the count becomes a rule on the hop
 * index: the peer and the `hops - 1` entries nearest to it are the proxies, the entry before them is
 * the client. Only right when the server cannot be reached except through those proxies; the address
 * list is the safer setting.
 */
export function proxyTrust(setting: Config['trustProxy']): NonNullable<FastifyServerOptions['trustProxy']> {
  if (typeof setting !== 'number') return setting
  return (_address: string, hop: number) => hop < setting
}
