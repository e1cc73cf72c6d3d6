import type { AnyRouter } from '@tanstack/react-router'
import { beginTask } from './progress'

/** Route loads (chunks and loaders) drive the progress bar like requests do. */
export function trackRouterNavigation(router: AnyRouter, start: { hydrating: boolean }): () => void {
  // A server-rendered page is already on screen while its first load (the chunks hydration needs)
  // runs: nobody waits for it, so it shows no bar (and does not load nprogress for one).
  let { hydrating } = start
  let end: ReturnType<typeof beginTask> | null = null
  const stopBefore = router.subscribe('onBeforeLoad', () => {
    if (hydrating) return
    // An interrupted navigation is replaced by the next one: keep a single task open.
    end ??= beginTask()
  })
  const stopResolved = router.subscribe('onResolved', () => {
    hydrating = false
    const failed = router.state.matches.some((match) => match.status === 'error')
    end?.(failed ? 'failed' : 'ok')
    end = null
  })
  return () => {
    stopBefore()
    stopResolved()
  }
}
