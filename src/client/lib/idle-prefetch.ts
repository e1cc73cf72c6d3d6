import type { AnyRoute, AnyRouter } from '@tanstack/react-router'

// 2000 ms: the spec's idle timeout; a busy page still prefetches within two seconds.
export const prefetchIdleTimeoutMs = 2000

type IdleHandle = number
function whenIdle(callback: () => void): IdleHandle {
  if (typeof window.requestIdleCallback === 'function') {
    return window.requestIdleCallback(callback, { timeout: prefetchIdleTimeoutMs })
  }
  // Safari has no requestIdleCallback: a timer is the closest stand-in.
  return window.setTimeout(callback, prefetchIdleTimeoutMs)
}

function isVisible(element: Element): boolean {
  const box = element.getBoundingClientRect()
  return box.bottom > 0 && box.top < window.innerHeight && box.width > 0
}

/** The paths of the internal links on screen that may be prefetched. */
function visibleLinkPaths(): string[] {
  const paths: string[] = []
  for (const anchor of document.querySelectorAll<HTMLAnchorElement>('a[href^="/"]')) {
    if (anchor.dataset.noPrefetch !== undefined || !isVisible(anchor)) continue
    paths.push(anchor.pathname)
  }
  return paths
}

/**
 * After each navigation, once the browser is idle, loads the code of the routes the internal links on
 * screen lead to, so the next click renders at once. One route per idle period: each chunk is a short
 * task, never a long one while the page is still starting. Only code: the routes' data loads on hover
 * ('intent' preloading) or on the click, so idle time never calls the API. Skipped on a metered
 * connection.
 */
export function prefetchVisibleLinksWhenIdle(router: AnyRouter): () => void {
  const loaded = new Set<string>()
  const queue: AnyRoute[] = []

  const loadNext = () => {
    const route = queue.shift()
    if (!route) return
    void Promise.resolve(router.loadRouteChunk(route)).catch(() => {
      // A failed prefetch is harmless: the real navigation will try again and report.
      loaded.delete(route.id)
    })
    whenIdle(loadNext)
  }

  return router.subscribe('onRendered', () => {
    const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection
    if (connection?.saveData) return
    whenIdle(() => {
      const idle = queue.length === 0
      for (const path of visibleLinkPaths()) {
        const [routes] = router.getMatchedRoutes(path)
        for (const route of routes) {
          if (loaded.has(route.id)) continue
          loaded.add(route.id)
          queue.push(route)
        }
      }
      if (idle) loadNext()
    })
  })
}
