/**
 * The seam between the server and the client's server-render bundle (`dist/ssr/entry-server.js`):
 * the server imports the bundle at run time, so only these types tie the two together.
 */
import type { Locale } from './common'

export interface SsrRequest {
  /** Path and query of the page, e.g. `/faq/payouts`. */
  url: string
  locale: Locale
  /**
   * This response's CSP nonce: the router's hydration scripts are inline, and the page's
   * Content-Security-Policy lets in only the inline scripts that carry it.
   */
  nonce: string
}

export interface SsrResult {
  /** 200, 404 when the route or its content does not exist, 500 on an error, or a redirect's status. */
  status: number
  /** Where a redirect leads; the other fields are then unused. */
  location?: string
  locale: Locale
  title: string
  description: string
  /**
   * The markup that goes inside `#root`, ending with the router's inline scripts that hand its
   * state (matches, query cache) to the browser.
   */
  html: string
}

export interface SsrModule {
  render(request: SsrRequest): Promise<SsrResult>
  /** Whether the client's router has a page at this address (path and query). */
  routeExists(url: string): boolean
}
