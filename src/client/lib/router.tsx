import type { DehydratedState, QueryClient } from '@tanstack/react-query'
import { createRouter } from '@tanstack/react-router'
import { PendingPage } from '../components/ui/pending-page'
import { routeTree } from '../route-tree.gen'
import { type RouterContext, sessionAuth } from './router-context'

// 200 ms: a pending screen that shows must stay long enough not to flicker.
const pendingMinMs = 200

/** Builds the router; a factory (not a singleton) so a server render can make one per request. */
export function createAppRouter(queryClient: QueryClient) {
  return createRouter({
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
}

export type AppRouter = ReturnType<typeof createAppRouter>

/** What a server render hands the browser beside the router's matches: the query cache its loaders filled. */
export interface DehydratedRouterData {
  queries: DehydratedState
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>
  }
}
