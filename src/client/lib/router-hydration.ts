import { hydrate, type QueryClient } from '@tanstack/react-query'
import { RouterClient } from '@tanstack/react-router/ssr/client'
import type { AppRouter, DehydratedRouterData } from './router'

/**
 * What hydrating a server-rendered page takes, loaded only there (the app shell and the installed
 * app never hydrate). RouterClient first takes over what the server's router left in the page (its
 * matches, and the query cache its loaders filled, restored here) and loads the matched routes'
 * chunks, then renders: the markup matches the server's, without a second fetch.
 */
export function hydratingRouter(router: AppRouter, queryClient: QueryClient): typeof RouterClient {
  // What entry-server.tsx's `dehydrate` returned; the router types it only as a record.
  router.options.hydrate = (data) => hydrate(queryClient, (data as DehydratedRouterData).queries)
  return RouterClient
}
