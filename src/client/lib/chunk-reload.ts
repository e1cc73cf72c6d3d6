/**
 * A deploy replaces the hashed chunks, so a tab opened before it fails to load the next route's
 * chunk. Reloading fetches the new app; the guard stops a reload loop when the failure is real
 * (a broken deploy). Offline, a chunk the service worker does not hold yet (a first visit, before
 * it took over) fails too: that is no deploy, and a reload would swap the app for the browser's own
 * offline page, so nothing reloads then.
 */
import { onlineManager } from '@tanstack/react-query'

// 60 s: at most one automatic reload a minute.
export const chunkReloadIntervalMs = 60_000
const chunkReloadKey = 'chunk-reload-at'

const chunkErrorPatterns = [
  /Failed to fetch dynamically imported module/i,
  /error loading dynamically imported module/i,
  /Importing a module script failed/i,
  /Unable to preload CSS/i,
  /Loading chunk [\w-]+ failed/i,
]

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error)
  return chunkErrorPatterns.some((pattern) => pattern.test(message))
}

/** Whether the browser has a network and the app can reach the server (lib/offline/reachability.ts). */
export const isOnlineNow = () => navigator.onLine && onlineManager.isOnline()

/**
 * Reloads unless offline or the last automatic reload was under a minute ago.
 * Returns whether it reloaded, so the caller shows the error page otherwise.
 */
export function reloadForChunkError(
  storage: Pick<Storage, 'getItem' | 'setItem'> = sessionStorage,
  reload: () => void = () => window.location.reload(),
  now: number = Date.now(),
  online: boolean = isOnlineNow(),
): boolean {
  if (!online) return false
  const saved = storage.getItem(chunkReloadKey)
  const last = saved === null ? Number.NaN : Number(saved)
  if (Number.isFinite(last) && now - last < chunkReloadIntervalMs) return false
  storage.setItem(chunkReloadKey, String(now))
  reload()
  return true
}

/**
 * A lazy import the page can do without for a while (the update prompt, the toasts): failing
 * offline, it waits for the connection and tries again instead of failing the whole page.
 */
export function importWhenOnline<T>(load: () => Promise<T>): Promise<T> {
  return load().catch((error: unknown) => {
    if (!isChunkLoadError(error) || isOnlineNow()) throw error
    return new Promise<T>((resolve, reject) => {
      const unsubscribe = onlineManager.subscribe((online) => {
        if (!online) return
        unsubscribe()
        load().then(resolve, reject)
      })
    })
  })
}
