/**
 * Sends one Web Push message. `web-push` (the library the vite-pwa examples use, kept up by the
 * web-push-libs group) builds the request: the VAPID JWT signed with our key (RFC 8292) and the
 * payload encrypted for the subscription's keys in `aes128gcm` (RFC 8291/8188). We send that request
 * ourselves instead of its sendNotification, because the connection must go to the address the
 * endpoint guard checked (a pinned `lookup`), with a short timeout, and never follow a redirect.
 */
import http from 'node:http'
import https from 'node:https'
import type { LookupFunction } from 'node:net'
import webpush from 'web-push'
import type { CheckedEndpoint } from './endpoint-guard'
import type { VapidKeys } from './vapid-keys'

/** What became of a message: delivered to the push service, the subscription gone, or worth a retry. */
export type SendOutcome = 'sent' | 'gone' | 'failed'

export interface PushTarget {
  endpoint: CheckedEndpoint
  keys: { p256dh: string; auth: string }
}

export interface SendOptions {
  vapid: VapidKeys
  subject: string
  /** 5 s: a push service answers in milliseconds; a slow one must not hold the dispatcher. */
  timeoutMs?: number
}

// 1 day: a message about a deal or a payout still matters tomorrow, not next week.
const TIME_TO_LIVE_SECONDS = 24 * 60 * 60
const DEFAULT_TIMEOUT_MS = 5000

/** A lookup that answers the checked address whatever name is asked: no second resolution. */
const pinnedLookup = (pinned: NonNullable<CheckedEndpoint['pinned']>): LookupFunction =>
  ((_hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, [{ address: pinned.address, family: pinned.family }])
    else callback(null, pinned.address, pinned.family)
  }) as LookupFunction

export function sendPush(target: PushTarget, payload: string, options: SendOptions): Promise<SendOutcome> {
  const { url, pinned } = target.endpoint
  const details = webpush.generateRequestDetails({ endpoint: url.href, keys: target.keys }, payload, {
    vapidDetails: {
      subject: options.subject,
      publicKey: options.vapid.publicKey,
      privateKey: options.vapid.privateKey,
    },
    TTL: TIME_TO_LIVE_SECONDS,
    contentEncoding: 'aes128gcm',
  })
  const client = url.protocol === 'https:' ? https : http
  return new Promise((resolve) => {
    const request = client.request(
      url,
      {
        method: details.method,
        headers: details.headers,
        timeout: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
        ...(pinned ? { lookup: pinnedLookup(pinned) } : {}),
        // A fresh connection per message: a pooled socket could be one made to another address.
        agent: false,
      },
      (response) => {
        response.resume()
        const status = response.statusCode ?? 0
        // 404/410: the browser dropped the subscription (RFC 8030, section 7.3). 3xx is not followed: failed.
        if (status >= 200 && status < 300) resolve('sent')
        else if (status === 404 || status === 410) resolve('gone')
        else resolve('failed')
      },
    )
    request.on('timeout', () => request.destroy(new Error('push service timed out')))
    request.on('error', () => resolve('failed'))
    request.end(details.body ?? undefined)
  })
}
