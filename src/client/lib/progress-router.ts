import type { AnyRouter } from '@tanstack/react-router'
import { beginTask } from './progress'

/** Route loads (chunks and loaders) drive the progress bar like requests do. */
export function trackRouterNavigation(router: AnyRouter): () => void {
  let end: ReturnType<typeof beginTask> | null = null
  const stopBefore = router.subscribe('onBeforeLoad', () => {
    // An interrupted navigation is replaced by the next one: keep a single task open.
    end ??= beginTask()
  })
  const stopResolved = router.subscribe('onResolved', () => {
    const failed = router.state.matches.some((match) => match.status === 'error')
    end?.(failed ? 'failed' : 'ok')
    end = null
  })
  return () => {
    stopBefore()
    stopResolved()
  }
}
