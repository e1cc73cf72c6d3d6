/// <reference lib="webworker" />
import { addToBadge } from './badge'

/**
 * Web Push: `push` shows the notification the server wrote (already in the
 * device's language: title, body, the app page to open, a tag), and `notificationclick` brings the
 * installed app forward on that page, opening it when no window is open.
 */

/** What the server sends (src/server/features/push/push-messages.ts). */
export interface PushMessage {
  title: string
  body: string
  url: string
  tag: string
}

// Shown if a message cannot be read: the browser requires a notification for each push, and the
// app's name is the same in every language.
const FALLBACK: PushMessage = {
  title: 'Streamdeals',
  body: '',
  url: '/dashboard/deal/inprogress',
  tag: 'streamdeals',
}
const ICON = '/icons/icon-192.png'

const isMessage = (value: unknown): value is PushMessage => {
  const message = value as Partial<PushMessage> | null
  return (
    typeof message === 'object' &&
    message !== null &&
    typeof message.title === 'string' &&
    typeof message.body === 'string' &&
    typeof message.url === 'string' &&
    typeof message.tag === 'string'
  )
}

function readPushMessage(data: { json(): unknown } | null): PushMessage {
  try {
    const value = data?.json()
    return isMessage(value) ? value : FALLBACK
  } catch {
    return FALLBACK
  }
}

/**
 * The page to open, as a URL of this app: only a path of our own origin (a message that named
 * another site would turn the notification into a link anywhere), the dashboard otherwise.
 */
export function appUrl(url: unknown, origin: string): string {
  if (typeof url === 'string' && url.startsWith('/') && !url.startsWith('//')) {
    const resolved = new URL(url, origin)
    if (resolved.origin === origin) return resolved.href
  }
  return new URL(FALLBACK.url, origin).href
}

/** Deal and money messages count on the app icon's badge (sw/badge.ts); a certification verdict does not. */
const countsOnBadge = (message: PushMessage) => /^(deal-|earnings$|payout$)/.test(message.tag)

async function showPush(
  scope: ServiceWorkerGlobalScope,
  data: PushMessageData | null,
  countUnseen: (count: number) => Promise<unknown> = addToBadge,
): Promise<void> {
  const message = readPushMessage(data)
  await scope.registration.showNotification(message.title, {
    body: message.body,
    tag: message.tag,
    icon: ICON,
    data: { url: message.url },
  })
  // The badge is a courtesy: a failure there (no IndexedDB) must not lose the notification.
  if (countsOnBadge(message)) await countUnseen(1).catch(() => undefined)
}

/** Focuses an open window of the app on the page (navigating it there), or opens one. */
async function openFromNotification(scope: ServiceWorkerGlobalScope, url: unknown): Promise<void> {
  const target = appUrl(url, scope.location.origin)
  const windows = await scope.clients.matchAll({ type: 'window', includeUncontrolled: true })
  const ours = windows.find((client) => new URL(client.url).origin === scope.location.origin)
  if (ours) {
    try {
      const focused = await ours.focus()
      await focused.navigate(target)
      return
    } catch {
      // A window this worker does not control cannot be navigated: open the page in a new one.
    }
  }
  await scope.clients.openWindow(target)
}

export function installPushHandlers(
  scope: ServiceWorkerGlobalScope,
  countUnseen: (count: number) => Promise<unknown> = addToBadge,
): void {
  scope.addEventListener('push', (event) => {
    event.waitUntil(showPush(scope, event.data, countUnseen))
  })
  scope.addEventListener('notificationclick', (event) => {
    event.notification.close()
    const data = event.notification.data as { url?: unknown } | null
    event.waitUntil(openFromNotification(scope, data?.url))
  })
}

declare const self: ServiceWorkerGlobalScope
// Installed when the worker loads this file (one import line in sw.ts); tests import its functions.
if (typeof ServiceWorkerGlobalScope !== 'undefined' && self instanceof ServiceWorkerGlobalScope) {
  installPushHandlers(self)
}
