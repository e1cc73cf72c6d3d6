/**
 * A JSON answer kept by the read cache, serialised once and compressed at most once per encoding:
 * browsers always ask for br or gzip, and compressing the same 20 KB deal list on every visit would
 * cost more than reading it (the compression plugin leaves an answer that is already encoded alone).
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { negotiate } from '@fastify/accept-negotiator'
import type { FastifyReply, FastifyRequest } from 'fastify'

const ENCODINGS = ['br', 'gzip'] as const
type Encoding = (typeof ENCODINGS)[number]

// The compression plugin's threshold: smaller answers go as they are.
const COMPRESS_FROM_BYTES = 1024
const JSON_TYPE = 'application/json; charset=utf-8'

export interface CachedAnswer {
  bytes: Buffer
  /** When the answer turns stale with time alone (epoch ms), or null. */
  validUntil: number | null
  encoded: Partial<Record<Encoding, Buffer>>
}

/** JSON bytes already serialised (a list joined from pieces), kept as an answer. */
export const cachedBytes = (bytes: Buffer, validUntil: number | null): CachedAnswer => ({
  bytes,
  validUntil,
  encoded: {},
})

export const cachedAnswer = (answer: unknown, validUntil: number | null): CachedAnswer =>
  cachedBytes(Buffer.from(JSON.stringify(answer)), validUntil)

/** An answer's weight against the read cache's budget: the compressed copies are a fraction of the JSON. */
export const weighCachedAnswer = (answer: CachedAnswer): number => 2 * answer.bytes.length

const encode = (encoding: Encoding, bytes: Buffer): Buffer =>
  encoding === 'br'
    ? // Quality 5: once per answer, so a little better than the plugin's per-request 4.
      brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
    : gzipSync(bytes, { level: 6 })

/** Vary values with accept-encoding added, by what was there (CORS varies on Origin): a handful in all. */
const varyWithEncoding = new Map<string, string>()

/** Adds accept-encoding to Vary, keeping what is there. */
function varyOnEncoding(reply: FastifyReply): void {
  const current = reply.getHeader('vary')
  const key = current === undefined ? '' : String(current)
  let vary = varyWithEncoding.get(key)
  if (vary === undefined) {
    const values = key === '' ? [] : key.split(',').map((value) => value.trim())
    vary = values.some((value) => value.toLowerCase() === 'accept-encoding' || value === '*')
      ? key
      : [...values, 'accept-encoding'].join(', ')
    // Bounded: what reaches here is set by our own plugins, not by the request.
    if (varyWithEncoding.size < 32) varyWithEncoding.set(key, vary)
  }
  if (vary !== key) reply.header('vary', vary)
}

/** Sends the answer in the best encoding the client accepts, compressing it the first time only. */
export function sendCachedAnswer(request: FastifyRequest, reply: FastifyReply, answer: CachedAnswer) {
  reply.type(JSON_TYPE)
  if (answer.bytes.length < COMPRESS_FROM_BYTES) return reply.send(answer.bytes)
  varyOnEncoding(reply)
  const accepted = request.headers['accept-encoding']
  const encoding = accepted ? (negotiate(accepted, [...ENCODINGS]) as Encoding | null) : null
  if (!encoding) return reply.send(answer.bytes)
  let encoded = answer.encoded[encoding]
  if (!encoded) {
    encoded = encode(encoding, answer.bytes)
    answer.encoded[encoding] = encoded
  }
  return reply.header('content-encoding', encoding).send(encoded)
}
