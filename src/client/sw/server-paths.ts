/**
 * Navigations the service worker leaves to the server instead of answering with the cached app shell:
 * the API, sockets, uploads, health checks, and a shared tracked link (`/redir/cpc/{mission}/{username}`),
 * which the server answers with a redirect that records the click. Served the shell instead, an
 * installed app's viewer would load the whole app first, and be counted by its API call at best.
 * Stream overlays too: framed by the tools page, they need their own answer's framing headers.
 */
export const serverPaths: RegExp[] = [
  /^\/api(\/|$)/,
  /^\/socket\.io(\/|$)/,
  /^\/uploads(\/|$)/,
  /^\/healthz$/,
  /^\/readyz$/,
  /^\/redir\/cpc\/[^/]+\/[^/]+\/?$/,
  /^\/widgets(\/|$)/,
]

/** True when a navigation to `pathname` must reach the server. */
export const isServerPath = (pathname: string): boolean => serverPaths.some((path) => path.test(pathname))
