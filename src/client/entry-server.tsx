import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { QueryClientProvider } from '@tanstack/react-query'
import { isNotFound, RouterProvider, Scripts } from '@tanstack/react-router'
import { createRequestHandler, renderRouterToString } from '@tanstack/react-router/ssr/server'
import type { ReactNode } from 'react'
import type { SsrRequest, SsrResult } from '#shared/contract/ssr.ts'
import { setMoneyLanguage } from '#shared/money-locale.ts'
import { defaultHead } from './features/content/default-head'
import { pageHead } from './features/content/page-head'
import { activateLocale } from './lib/i18n'
import { createQueryClient } from './lib/query-client'
import { createAppRouter } from './lib/router'

let matcher: ReturnType<typeof createAppRouter> | undefined

/**
 * Whether the app has a page at this address (an unknown route is a 404), as the router
 * itself matches it: no route for the path, or a route whose parameters refuse it (`notFound()`
 * from a params parser). Nothing loads: a page whose data is missing (an unknown FAQ entry) is for
 * its render to say.
 */
export function routeExists(url: string): boolean {
  matcher ??= createAppRouter(createQueryClient())
  const { pathname } = new URL(url, 'http://localhost')
  const [, , route] = matcher.getMatchedRoutes(pathname)
  return route !== undefined && !matcher.matchRoutes(pathname, {}).some((match) => isNotFound(match.paramsError))
}

/**
 * The router's state for the browser (its matches and the query cache, lib/router.tsx) goes out as
 * the router's own inline scripts, written by `<Scripts />` after the page's markup; they carry the
 * request's CSP nonce and remove themselves once run, before hydration.
 */
function WithHydrationScripts({ children }: { children: ReactNode }) {
  return (
    <>
      {children}
      <Scripts />
    </>
  )
}

/**
 * Renders one public page on the server from the same route tree the browser uses, with the router's
 * request handler: it loads the matches, dehydrates them, and answers the status (404 for a route
 * or content that does not exist). Lingui's active locale is global, so the caller must not run two
 * renders at once (the server queues them).
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
      router.update({ ...router.options, ssr: { nonce } })
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
              <RouterProvider router={router} InnerWrap={WithHydrationScripts} />
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
