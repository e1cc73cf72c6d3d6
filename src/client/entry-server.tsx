import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { dehydrate, QueryClientProvider } from '@tanstack/react-query'
import { createMemoryHistory, isNotFound, RouterProvider, trimPathRight } from '@tanstack/react-router'
import { createRequestHandler, renderRouterToString } from '@tanstack/react-router/ssr/server'
import type { SsrRequest, SsrResult } from '#shared/contract/ssr.ts'
import { setMoneyLanguage } from '#shared/money-locale.ts'
import { defaultHead } from './features/content/default-head'
import { pageHead } from './features/content/page-head'
import { activateLocale } from './lib/i18n'
import { createQueryClient } from './lib/query-client'
import { type AppRouter, createAppRouter, type DehydratedRouterData } from './lib/router'

let matcher: AppRouter | undefined

/**
 * Whether the app has a page at this address (an unknown route is a 404), as the router itself
 * matches it: a route whose path covers the whole address, and whose parameters accept it (no
 * `notFound()` from a params parser). Nothing loads: a page whose data is missing (an unknown FAQ
 * entry) is for its render to say.
 */
export function routeExists(url: string): boolean {
  matcher ??= createAppRouter(createQueryClient())
  // Trailing slashes are the router's business (it drops them before matching), not the address's.
  const pathname = trimPathRight(new URL(url, 'http://localhost').pathname)
  // getMatchedRoutes falls back to the closest route above an unknown address (/dashboard/account
  // for /dashboard/account/nope); matchRoute, exact by default, says whether that route's path is
  // the address's own. It compares with the router's location, so the matcher is moved there first.
  const [, , route] = matcher.getMatchedRoutes(pathname)
  if (!route) return false
  matcher.update({ ...matcher.options, history: createMemoryHistory({ initialEntries: [pathname] }) })
  if (matcher.matchRoute({ to: route.fullPath }, { includeSearch: false }) === false) return false
  return !matcher.matchRoutes(pathname, {}).some((match) => isNotFound(match.paramsError))
}

/**
 * Renders one public page on the server from the same route tree the browser uses, with the router's
 * request handler: it loads the matches, answers the status (404 for a route or content that does not
 * exist, 500 on an error), and appends to the markup its inline script handing the matches and the
 * query cache to the browser (it carries the request's CSP nonce and removes itself once run, so React
 * hydrates exactly the markup it rendered). Lingui's active locale is global, so the caller must not
 * run two renders at once (the server queues them).
 */
export async function render({ url, locale, nonce }: SsrRequest): Promise<SsrResult> {
  await activateLocale(locale)
  // No page here to read the language from: amounts are told it, as the browser's will read it.
  setMoneyLanguage(locale)
  const queryClient = createQueryClient()
  let head = defaultHead()
  const handle = createRequestHandler({
    request: new Request(new URL(url, 'http://localhost')),
    createRouter: () => {
      const router = createAppRouter(queryClient)
      router.update({
        ...router.options,
        ssr: { nonce },
        dehydrate: (): DehydratedRouterData => ({ queries: dehydrate(queryClient) }),
        // No inline scroll-restoration script in the page: the browser's router restores the scroll
        // once it starts.
        scrollRestoration: false,
      })
      return router
    },
  })
  try {
    const response = await handle(({ router, responseHeaders }) => {
      head = pageHead(router.state.matches, defaultHead())
      return renderRouterToString({
        router,
        responseHeaders,
        children: (
          <QueryClientProvider client={queryClient}>
            <I18nProvider i18n={i18n}>
              <RouterProvider router={router} />
            </I18nProvider>
          </QueryClientProvider>
        ),
      })
    })
    const location = response.headers.get('location')
    if (location) return { status: response.status, locale, ...head, html: '', location }
    // The handler answers a whole document; the page's markup goes into the built index.html instead.
    const html = (await response.text()).replace(/^<!DOCTYPE html>/i, '')
    return { status: response.status, locale, ...head, html }
  } finally {
    queryClient.clear()
  }
}
