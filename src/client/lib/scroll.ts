import type { AnyRouter } from '@tanstack/react-router'

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /**
     * Keep the scroll position when moving between this route and its siblings inside one page
     * (tabs): arriving from another page still opens at the top.
     */
    keepScroll?: boolean
  }
}

/** Whether `path` is `page` or one of its sub-pages. */
function within(path: string, page: string): boolean {
  const base = page.replace(/\/+$/, '')
  return path === base || path.startsWith(`${base}/`)
}

/**
 * Manual scroll restoration: every navigation to another path scrolls to the top, unless
 * the destination route opts out with `staticData: { keepScroll: true }` and the user comes from
 * the same page (another tab of one deal). Coming from a list, a tab opens at the top (the
 * Tools page opened halfway down after taking a mission).
 */
export function scrollToTopOnNavigation(router: AnyRouter): () => void {
  if ('scrollRestoration' in history) history.scrollRestoration = 'manual'
  return router.subscribe('onResolved', (event) => {
    if (!event.pathChanged || event.toLocation.hash) return
    const matches = router.state.matches
    const tab = matches.findIndex((match) => match.staticData?.keepScroll)
    const page = tab > 0 ? matches[tab - 1] : undefined
    const from = event.fromLocation?.pathname
    const keep = page !== undefined && from !== undefined && within(from, page.pathname)
    if (!keep) window.scrollTo({ top: 0, left: 0 })
  })
}
