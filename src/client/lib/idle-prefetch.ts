import type { AnyRoute, AnyRouter } from '@tanstack/react-router'
import { currentUser } from './session'

// 2000 ms: long enough for the page to settle; a busy page still prefetches within two seconds.
const prefetchIdleTimeoutMs = 2000

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

/** The internal links on screen that may be prefetched, as their href. */
function visibleLinks(): string[] {
  const hrefs: string[] = []
  for (const anchor of document.querySelectorAll<HTMLAnchorElement>('a[href^="/"]')) {
    const href = anchor.getAttribute('href')
    if (href && anchor.dataset.noPrefetch === undefined && isVisible(anchor)) hrefs.push(href)
  }
  return hrefs
}

/**
 * After each navigation, once the browser is idle, prefetches the internal links on screen so the
 * next click renders at once; hover preloading ('intent') covers the rest. Skipped on a metered
 * connection.
 * - Signed in: each link's route with its data, at once. The loaders fill the cache kept for offline
 *   use (a page linked from the one on screen opens offline too), and the first request that fails
 *   tells the app the server is out of reach.
 * - Signed out, on the public pages: their code only, one route per idle period, so each is a short
 *   task while the page is still starting; their data is cheap on the click (from the FAQ, the home
 *   page's loader alone made three API calls and rendered markdown).
 */
export function prefetchVisibleLinksWhenIdle(router: AnyRouter): () => void {
  // Keyed by who asks too: a link prefetched as code for a visitor gets its data once they sign in.
  const seen = new Set<string>()
  const routes: AnyRoute[] = []

  const loadNextRoute = () => {
    const route = routes.shift()
    if (!route) return
    void Promise.resolve(router.loadRouteChunk(route)).catch(() => {
      // A failed prefetch is harmless: the real navigation will try again and report.
    })
    whenIdle(loadNextRoute)
  }

  const scanWhenIdle = () => {
    const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection
    if (connection?.saveData) return
    whenIdle(() => {
      const userId = currentUser()?.id
      const loading = routes.length > 0
      for (const href of visibleLinks()) {
        const key = `${userId ?? ''} ${href}`
        if (seen.has(key)) continue
        seen.add(key)
        if (userId) {
          router.preloadRoute({ to: href, href }).catch(() => seen.delete(key))
          continue
        }
        const [matched] = router.getMatchedRoutes(new URL(href, window.location.origin).pathname)
        for (const route of matched) if (!routes.includes(route)) routes.push(route)
      }
      if (!loading) loadNextRoute()
    })
  }
  // This module loads after the first render (main.tsx): the page already on screen is scanned too.
  scanWhenIdle()
  return router.subscribe('onRendered', scanWhenIdle)
}
