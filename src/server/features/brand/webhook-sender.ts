/**
 * Posts one webhook delivery: the body signed with the hook's secret (HMAC-SHA256 over
 * `${timestamp}.${body}`, sent as `Streamdeals-Signature: t=<seconds>,v1=<hex>`, the scheme Stripe's
 * webhooks use, so receivers know how to check it and refuse old replays by the time). The connection
 * goes to the address the endpoint guard checked (no second DNS lookup), redirects are not followed,
 * and a slow receiver is cut after the timeout.
 */
import { createHmac } from 'node:crypto'
import http from 'node:http'
import https from 'node:https'
import type { LookupFunction } from 'node:net'
import type { CheckedEndpoint } from '#server/features/push/push-service.ts'

const SIGNATURE_HEADER = 'Streamdeals-Signature'

/** `t=…,v1=…`: the hex HMAC-SHA256 of `${timestamp}.${body}` with the hook's secret. */
function signatureHeader(secret: string, body: string, timestamp: number): string {
  const digest = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')
  return `t=${timestamp},v1=${digest}`
}

export interface SendResult {
  ok: boolean
  /** The receiver's status; null when it never answered. */
  status: number | null
  durationMs: number
  error: string | null
}

const pinnedLookup = (pinned: NonNullable<CheckedEndpoint['pinned']>): LookupFunction =>
  ((_hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, [{ address: pinned.address, family: pinned.family }])
    else callback(null, pinned.address, pinned.family)
  }) as LookupFunction

// Enough of an answer to show in the log; the rest is not read.
const ERROR_MAX = 200

export function sendWebhook(
  endpoint: CheckedEndpoint,
  delivery: { id: string; body: string; secret: string },
  timeoutMs: number,
): Promise<SendResult> {
  const started = performance.now()
  const elapsed = () => Math.round(performance.now() - started)
  const { url, pinned } = endpoint
  const client = url.protocol === 'https:' ? https : http
  const signature = signatureHeader(delivery.secret, delivery.body, Math.floor(Date.now() / 1000))
  return new Promise((resolve) => {
    const request = client.request(
      url,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Streamdeals-Webhooks/1',
          [SIGNATURE_HEADER]: signature,
          'Streamdeals-Delivery': delivery.id,
        },
        timeout: timeoutMs,
        ...(pinned ? { lookup: pinnedLookup(pinned) } : {}),
        // A fresh connection per delivery: a pooled socket could be one made to another address.
        agent: false,
      },
      (response) => {
        response.resume()
        const status = response.statusCode ?? 0
        const ok = status >= 200 && status < 300
        resolve({
          ok,
          status,
          durationMs: elapsed(),
          error: ok ? null : `HTTP ${status}`,
        })
      },
    )
    request.on('timeout', () => request.destroy(new Error(`no answer within ${timeoutMs} ms`)))
    request.on('error', (error) =>
      resolve({
        ok: false,
        status: null,
        durationMs: elapsed(),
        error: error.message.slice(0, ERROR_MAX),
      }),
    )
    request.end(delivery.body)
  })
}
