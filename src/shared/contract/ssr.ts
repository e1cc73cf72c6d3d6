/**
 * The seam between the server and the client's server-render bundle (`dist/ssr/entry-server.js`):
 * the server imports the bundle at run time, so only these types tie the two together.
 */
import type { Locale } from './common'

export interface SsrRequest {
  /** Path and query of the page, e.g. `/faq/payouts`. */
  url: string
  locale: Locale
}

export interface SsrResult {
  /** 200, or 404 when the route or its content does not exist. */
  status: number
  locale: Locale
  title: string
  description: string
  /** The markup that goes inside `#root`. */
  html: string
  /** JSON of {@link SsrState}, embedded for hydration. */
  state: string
}

/** What the browser reads back before hydrating: the query cache and the locale the page was rendered in. */
export interface SsrState {
  locale: Locale
  queries: unknown
}

export interface SsrModule {
  render(request: SsrRequest): Promise<SsrResult>
  /** Whether the client's router has a page at this address (path and query). */
  routeExists(url: string): boolean
}

/** The id of the `<script type="application/json">` element carrying the state. */
export const SSR_STATE_ID = 'ssr-state'
