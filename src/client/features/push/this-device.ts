/**
 * This browser's side of Web Push: whether it can receive notifications, asking the permission
 * (only when the user turns them on), and subscribing through the service worker's pushManager
 * with the server's VAPID key.
 */
import type { Locale } from '#shared/contract/common.ts'
import { deletePushDevice, fetchPushKey, postPushSubscription } from './api'

export type PushAvailability = 'unsupported' | 'denied' | 'default' | 'granted'

export function pushAvailability(): PushAvailability {
  if (
    typeof navigator === 'undefined' ||
    !('serviceWorker' in navigator) ||
    typeof window === 'undefined' ||
    !('PushManager' in window) ||
    !('Notification' in window)
  ) {
    return 'unsupported'
  }
  return Notification.permission
}

// 10 s: the worker registers at start-up; if it has not by then (a private window refusing it),
// waiting longer only leaves the button spinning.
const WORKER_WAIT_MS = 10_000
// A first visit's worker is still caching the app: it will be ready, later on a slow phone or network.
const INSTALLING_WORKER_WAIT_MS = 60_000

async function workerRegistration(): Promise<ServiceWorkerRegistration> {
  const registered = await navigator.serviceWorker.getRegistration?.()
  const installing = Boolean(registered?.installing ?? registered?.waiting)
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error('no service worker')),
      installing ? INSTALLING_WORKER_WAIT_MS : WORKER_WAIT_MS,
    )
  })
  try {
    return await Promise.race([navigator.serviceWorker.ready, timeout])
  } finally {
    clearTimeout(timer)
  }
}

const fromBase64Url = (text: string): Uint8Array<ArrayBuffer> => {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/')
  const binary = atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '='))
  return Uint8Array.from(binary, (char) => char.charCodeAt(0))
}

/** "Chrome on Android", "Safari on iPhone"...: what the devices list shows for this browser. */
export function deviceLabel(userAgent: string): string {
  const browser =
    [
      ['Edg/', 'Edge'],
      ['OPR/', 'Opera'],
      ['Firefox/', 'Firefox'],
      ['SamsungBrowser/', 'Samsung Internet'],
      ['Chrome/', 'Chrome'],
      ['Safari/', 'Safari'],
    ].find(([token]) => token && userAgent.includes(token))?.[1] ?? 'Browser'
  const system =
    [
      ['iPhone', 'iPhone'],
      ['iPad', 'iPad'],
      ['Android', 'Android'],
      ['Windows', 'Windows'],
      ['Mac OS X', 'macOS'],
      ['CrOS', 'ChromeOS'],
      ['Linux', 'Linux'],
    ].find(([token]) => token && userAgent.includes(token))?.[1] ?? ''
  return system ? `${browser} · ${system}` : browser
}

/** The endpoint this browser is subscribed with, if any. */
export async function currentEndpoint(): Promise<string | null> {
  if (pushAvailability() === 'unsupported') return null
  const registration = await workerRegistration()
  return (await registration.pushManager.getSubscription())?.endpoint ?? null
}

/** The browser's push service (or our server) did not answer in time: nothing was turned on. */
export class PushTimeoutError extends Error {
  constructor() {
    super('the push service did not answer in time')
  }
}

// 10 s: a browser whose push service is out of reach (a network blocking it) leaves subscribe()
// pending for 45 s or more; past 10 s the user is better told, and can try again.
const SUBSCRIBE_WAIT_MS = 10_000

/**
 * Asks the permission (the browser's prompt, only now), subscribes, and saves the subscription.
 * Resolves to the permission it ended with; throws when the subscription could not be made or saved,
 * and `PushTimeoutError` when that took longer than `SUBSCRIBE_WAIT_MS` (the prompt's own time,
 * the user's, is not counted, nor a first visit's worker still installing).
 */
export async function subscribeThisDevice(username: string, locale: Locale): Promise<NotificationPermission> {
  const permission = await Notification.requestPermission()
  if (permission !== 'granted') return permission
  // Our own worker's start is not the push service's answer: it is waited for before the clock starts.
  const registration = await workerRegistration()
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new PushTimeoutError()), SUBSCRIBE_WAIT_MS)
  })
  try {
    await Promise.race([saveSubscription(registration, username, locale), timeout])
  } finally {
    clearTimeout(timer)
  }
  return permission
}

async function saveSubscription(
  registration: ServiceWorkerRegistration,
  username: string,
  locale: Locale,
): Promise<void> {
  const key = await fetchPushKey()
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({
      // Every push shows a notification: browsers refuse silent pushes anyway.
      userVisibleOnly: true,
      applicationServerKey: fromBase64Url(key.publicKey),
    }))
  const json = subscription.toJSON()
  const p256dh = json.keys?.p256dh
  const auth = json.keys?.auth
  if (!json.endpoint || !p256dh || !auth) throw new Error('the browser gave a subscription without keys')
  await postPushSubscription(username, {
    endpoint: json.endpoint,
    keys: { p256dh, auth },
    deviceLabel: deviceLabel(navigator.userAgent),
    locale,
  })
}

/** Removes a device; when it is this browser, its subscription is dropped too. */
export async function removeDevice(username: string, id: string, isThisDevice: boolean): Promise<void> {
  await deletePushDevice(username, id)
  if (!isThisDevice) return
  const registration = await workerRegistration().catch(() => null)
  await (await registration?.pushManager.getSubscription())?.unsubscribe()
}
