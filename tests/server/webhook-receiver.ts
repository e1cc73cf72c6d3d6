/** A local HTTP receiver standing in for a brand's webhook endpoint: it records what it gets and answers as told. */
import { createHmac, timingSafeEqual } from 'node:crypto'
import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface Received {
  path: string
  headers: IncomingHttpHeaders
  body: string
  at: number
}

export interface Receiver {
  origin: string
  received: Received[]
  /** The status each path answers (200 unless set). */
  statusOf: Map<string, number>
  /** Resolves once `count` requests matching `accepts` arrived (those already there count). */
  waitFor(accepts: (request: Received) => boolean, count?: number, timeoutMs?: number): Promise<Received[]>
  close(): Promise<void>
}

export async function startReceiver(): Promise<Receiver> {
  const received: Received[] = []
  const statusOf = new Map<string, number>()
  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const path = request.url ?? '/'
      received.push({
        path,
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        at: Date.now(),
      })
      response.statusCode = statusOf.get(path) ?? 200
      response.end('ok')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    origin: `http://127.0.0.1:${port}`,
    received,
    statusOf,
    async waitFor(accepts, count = 1, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs
      for (;;) {
        const found = received.filter(accepts)
        if (found.length >= count) return found
        if (Date.now() > deadline)
          throw new Error(`receiver: ${found.length} of ${count} expected requests arrived`)
        await new Promise((resolve) => setTimeout(resolve, 10))
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/**
 * Checks `Streamdeals-Signature: t=…,v1=…` as the README tells a receiver to: the hex HMAC-SHA256 of
 * `${t}.${raw body}` with the hook's secret, compared in constant time, and t within five minutes.
 */
export function verifySignature(header: string | undefined, body: string, secret: string): boolean {
  const parts = Object.fromEntries(
    (header ?? '').split(',').map((part) => part.split('=', 2) as [string, string]),
  )
  const timestamp = Number(parts.t)
  if (!parts.v1 || !Number.isInteger(timestamp)) return false
  if (Math.abs(Date.now() / 1000 - timestamp) > 300) return false
  const expected = createHmac('sha256', secret).update(`${parts.t}.${body}`).digest()
  const given = Buffer.from(parts.v1, 'hex')
  return given.length === expected.length && timingSafeEqual(given, expected)
}
