import type { AnyRouter } from '@tanstack/react-router'

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

/**
 * After each navigation, once the browser is idle, preloads the code (and loader data) of the
 * internal links on screen, so the next click renders at once. Hover preloading ('intent') covers
 * the rest. Skipped on a metered connection.
 */
export function prefetchVisibleLinksWhenIdle(router: AnyRouter): () => void {
  const seen = new Set<string>()
  return router.subscribe('onRendered', () => {
    const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection
    if (connection?.saveData) return
    whenIdle(() => {
      for (const anchor of document.querySelectorAll<HTMLAnchorElement>('a[href^="/"]')) {
        const href = anchor.getAttribute('href')
        if (!href || seen.has(href) || anchor.dataset.noPrefetch !== undefined || !isVisible(anchor)) continue
        seen.add(href)
        router.preloadRoute({ to: href, href }).catch(() => {
          // A failed prefetch is harmless: the real navigation will try again and report.
          seen.delete(href)
        })
      }
    })
  })
}
