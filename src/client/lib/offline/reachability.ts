import { onlineManager } from '@tanstack/react-query'
import { isFetchError } from '#client/lib/fetch-error.ts'

/**
 * Whether the API can be reached, fed to TanStack Query's `onlineManager`. The browser's
 * `navigator.onLine` only knows about the network interface: a train Wi-Fi without internet, or a
 * server that is down, still reads "online". So a request failing at the network level also counts
 * as offline, and a light probe of /healthz says when the server answers again.
 */

// 3 s: quick enough that a returning connection is noticed at once, light enough for a phone.
const probeIntervalMs = 3000
// Right after the browser's `online` event the network stack may need a moment: 250 ms steps, 8 times.
const quickProbeIntervalMs = 250
const quickProbes = 8
let quickProbesLeft = 0

let probeTimer: ReturnType<typeof setTimeout> | null = null
// When the app last went from offline to online (performance.now()), for the catch-up (catch-up.ts).
let backOnlineAt = 0

/** The moment the app last came back online: requests sent since then saw the server's current state. */
export function lastBackOnlineAt(): number {
  return backOnlineAt
}

function setOnlineNow(setOnline: (online: boolean) => void): void {
  if (!onlineManager.isOnline()) backOnlineAt = performance.now()
  setOnline(true)
}

/** A failure before any HTTP answer (refused, reset, DNS, offline), as opposed to an HTTP error status. */
export function isNetworkError(error: unknown): boolean {
  if (isFetchError(error)) return error.response === undefined && error.name !== 'AbortError'
  return error instanceof TypeError
}

async function probe(): Promise<void> {
  probeTimer = null
  if (onlineManager.isOnline()) return
  if (navigator.onLine) {
    try {
      const response = await fetch('/healthz', { cache: 'no-store' })
      if (response.ok) {
        markReachable()
        return
      }
    } catch {
      // Still unreachable: try again below.
    }
  }
  scheduleProbe()
}

function scheduleProbe(): void {
  if (probeTimer !== null) return
  const delay = quickProbesLeft > 0 ? quickProbeIntervalMs : probeIntervalMs
  quickProbesLeft = Math.max(0, quickProbesLeft - 1)
  probeTimer = setTimeout(() => void probe(), delay)
}

/** A request failed at the network level: pause queries and mutations until the server answers. */
export function markUnreachable(): void {
  if (onlineManager.isOnline()) onlineManager.setOnline(false)
  scheduleProbe()
}

/** Something reached the server (a response, the socket): resume paused work. */
export function markReachable(): void {
  if (!navigator.onLine) return
  if (probeTimer !== null) {
    clearTimeout(probeTimer)
    probeTimer = null
  }
  if (!onlineManager.isOnline()) setOnlineNow((online) => onlineManager.setOnline(online))
}

/**
 * Starts from `navigator.onLine` (TanStack Query v5 assumes online) and follows the browser's
 * `online`/`offline` events; an `online` event is believed until a request fails.
 */
export function startReachability(): void {
  onlineManager.setEventListener((setOnline) => {
    const goOffline = () => setOnline(false)
    // The network is back: paused work is tried at once rather than after a probe's round trip (the
    // catch-up has a second to show). If the server is still out of reach, the first request that
    // fails says so (markUnreachable), and the quick probes then watch for it.
    const goOnline = () => {
      quickProbesLeft = quickProbes
      if (probeTimer !== null) clearTimeout(probeTimer)
      probeTimer = null
      setOnlineNow(setOnline)
    }
    window.addEventListener('offline', goOffline)
    window.addEventListener('online', goOnline)
    return () => {
      window.removeEventListener('offline', goOffline)
      window.removeEventListener('online', goOnline)
    }
  })
  onlineManager.setOnline(navigator.onLine)
  if (!navigator.onLine) scheduleProbe()
}
