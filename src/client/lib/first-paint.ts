import type { QueryClient } from '@tanstack/react-query'

/**
 * The first screen's paint, as a moment other start-up work can wait for (offline reload
 * ≤ 150 ms). A cold start renders from cached data (offline/first-screen.ts); what only refreshes
 * that data (a refetch of a stale query, the header's session refresh, the socket, the full cache
 * from IndexedDB) need not run in the task of the first render, where each request and each chunk
 * costs milliseconds before the user sees anything. Until the paint, a query that already has data
 * does not refetch on mount; once painted, the stale queries on screen are refetched.
 */

// Settled until main.tsx holds the refreshes (tests, the server render): nothing then waits.
let settled = true
let markPainted = () => {}
let painted = Promise.resolve()

// A hidden tab paints no frame: its start-up work waits this long at most.
const hiddenTabFallbackMs = 1000
// Should the router never say it rendered, the refreshes, the socket and the cache still start.
const firstRenderDeadlineMs = 5000

/** Called once by main.tsx before the first render: refreshes wait for the first paint from now on. */
export function holdRefreshesUntilFirstPaint(queryClient: QueryClient): void {
  settled = false
  setTimeout(noteFirstScreenRendered, firstRenderDeadlineMs)
  painted = new Promise<void>((resolve) => {
    markPainted = resolve
  }).then(() => {
    void queryClient.refetchQueries({ type: 'active', stale: true })
  })
}

/** Whether the first screen has painted (false only during the start-up render). */
export function firstScreenPainted(): boolean {
  return settled
}

/** Resolves once the first screen has painted (and its stale queries have been asked for again). */
export function whenFirstScreenPainted(): Promise<void> {
  return painted
}

/**
 * Called by main.tsx each time the router has rendered; the first time, the paint comes next: the
 * frame's callback runs just before it, and a task queued there runs after it.
 */
export function noteFirstScreenRendered(): void {
  if (settled) return
  const done = () => {
    settled = true
    markPainted()
  }
  const fallback = setTimeout(done, hiddenTabFallbackMs)
  requestAnimationFrame(() => {
    clearTimeout(fallback)
    setTimeout(done, 0)
  })
}
