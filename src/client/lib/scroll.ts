import type { AnyRouter } from '@tanstack/react-router'

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** Keep the scroll position when navigating to this route (e.g. tabs inside one page). */
    keepScroll?: boolean
  }
}

/**
 * Manual scroll restoration (SPEC §2): every navigation to another path scrolls to the top,
 * unless the destination route opts out with `staticData: { keepScroll: true }`.
 */
export function scrollToTopOnNavigation(router: AnyRouter): () => void {
  if ('scrollRestoration' in history) history.scrollRestoration = 'manual'
  return router.subscribe('onResolved', (event) => {
    if (!event.pathChanged || event.toLocation.hash) return
    const keep = router.state.matches.some((match) => match.staticData?.keepScroll)
    if (!keep) window.scrollTo({ top: 0, left: 0 })
  })
}
