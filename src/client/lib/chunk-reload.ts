/**
 * A deploy replaces the hashed chunks, so a tab opened before it fails to load the next route's
 * chunk. Reloading fetches the new app; the guard stops a reload loop when the failure is real
 * (offline, or a broken deploy).
 */

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

/**
 * Reloads unless the last automatic reload was under a minute ago.
 * Returns whether it reloaded, so the caller shows the error page otherwise.
 */
export function reloadForChunkError(
  storage: Pick<Storage, 'getItem' | 'setItem'> = sessionStorage,
  reload: () => void = () => window.location.reload(),
  now: number = Date.now(),
): boolean {
  const saved = storage.getItem(chunkReloadKey)
  const last = saved === null ? Number.NaN : Number(saved)
  if (Number.isFinite(last) && now - last < chunkReloadIntervalMs) return false
  storage.setItem(chunkReloadKey, String(now))
  reload()
  return true
}
