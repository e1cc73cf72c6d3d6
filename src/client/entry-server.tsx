import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { dehydrate, QueryClientProvider } from '@tanstack/react-query'
import { createMemoryHistory, isNotFound, RouterProvider, trimPathRight } from '@tanstack/react-router'
import { getSsrStatus } from '@tanstack/react-router/ssr/server'
import { renderToString } from 'react-dom/server'
import type { SsrRequest, SsrResult, SsrState } from '#shared/contract/ssr.ts'
import { setMoneyLanguage } from '#shared/money-locale.ts'
import { defaultHead } from './features/content/default-head'
import { pageHead } from './features/content/page-head'
import { activateLocale } from './lib/i18n'
import { createQueryClient } from './lib/query-client'
import { createAppRouter } from './lib/router'

/** `</script>` inside JSON would end the data block early; escaping `<` keeps it inert. */
function inertJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c')
}

let matcher: ReturnType<typeof createAppRouter> | undefined

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
 * Renders one public page on the server from the same route tree the browser uses. Lingui's
 * active locale is global, so the caller must not run two renders at once (the server queues them).
 */
export async function render({ url, locale }: SsrRequest): Promise<SsrResult> {
  await activateLocale(locale)
  // No page here to read the language from: amounts are told it, as the browser's will read it.
  setMoneyLanguage(locale)
  const queryClient = createQueryClient()
  const router = createAppRouter(queryClient)
  router.update({
    ...router.options,
    history: createMemoryHistory({ initialEntries: [url] }),
    // On the server the router would write its scroll-restoration script inline, which the page's
    // CSP refuses (no inline script); the browser's router restores the scroll once it starts.
    scrollRestoration: false,
  })
  await router.load()
  const html = renderToString(
    <QueryClientProvider client={queryClient}>
      <I18nProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nProvider>
    </QueryClientProvider>,
  )
  const matches = router.state.matches
  const head = pageHead(matches, defaultHead())
  const state: SsrState = { locale, queries: dehydrate(queryClient) }
  queryClient.clear()
  // The router's answer for this render: 404 when no route or a loader's `notFound()`, 500 on an error.
  return { status: getSsrStatus(router), locale, ...head, html, state: inertJson(state) }
}
