import { type DehydratedState, dehydrate, hydrate, type QueryClient } from '@tanstack/react-query'
import { type AnyRouter, createRouter } from '@tanstack/react-router'
import { PendingPage } from '../components/ui/pending-page'
import { routeTree } from '../route-tree.gen'
import { type RouterContext, sessionAuth } from './router-context'

// 200 ms: a pending screen that shows must stay long enough not to flicker.
const pendingMinMs = 200

/** Builds the router; a factory (not a singleton) so a server render can make one per request. */
export function createAppRouter(queryClient: QueryClient) {
  const router = createRouter({
    routeTree,
    context: { queryClient, auth: sessionAuth } satisfies RouterContext,
    defaultPreload: 'intent',
    // TanStack Query decides freshness; the router's own preload cache would shadow it.
    defaultPreloadStaleTime: 0,
    defaultPendingMinMs: pendingMinMs,
    defaultPendingComponent: PendingPage,
    // Every navigation opens at the top, and going back returns where the page was left; links
    // that stay on one page (a deal's tabs, the login modal) say `resetScroll={false}`.
    scrollRestoration: true,
  })
  carryQueryCache(router, queryClient)
  return router
}

/**
 * A server-rendered page carries the query cache its loaders filled, beside the router's matches:
 * hydration reads the same data (no second fetch), so its markup matches the server's. Set on the
 * options as TanStack's own query integration does: the router's typed `dehydrate` option refuses
 * query data, which is typed `unknown` (it is plain JSON from the API).
 */
function carryQueryCache(router: AnyRouter, queryClient: QueryClient): void {
  router.options.dehydrate = () => ({ queries: dehydrate(queryClient) })
  router.options.hydrate = (dehydrated: { queries: DehydratedState }) => hydrate(queryClient, dehydrated.queries)
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>
  }
}
