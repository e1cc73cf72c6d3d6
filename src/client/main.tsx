import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { type AnyRouter, RouterProvider } from '@tanstack/react-router'
import { type ComponentType, StrictMode, startTransition } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { defaultHead } from './features/content/default-head'
import { applyPageHead, pageHead } from './features/content/page-head'
import { isChunkLoadError, reloadForChunkError } from './lib/chunk-reload'
import { loadFeaturesWith } from './lib/features-ready'
import { holdRefreshesUntilFirstPaint, noteFirstScreenRendered } from './lib/first-paint'
import { onSessionRejected } from './lib/http'
import { type AppLocale, activateLocale, detectLocale, isLocale } from './lib/i18n'
import { OfflineQueryProvider, startOffline } from './lib/offline/offline-provider'
import { trackRouterNavigation } from './lib/progress-router'
import { createQueryClient } from './lib/query-client'
import { createAppRouter } from './lib/router'
import { reloadSession, sessionStorageKeys } from './lib/session'
import { yieldToMain } from './lib/yield-to-main'
import './styles.css'
// Layout styles ship with the first stylesheet, linked in the server-rendered <head>: loaded with the
// layout's route chunk instead, the header would render unstyled first and then jump (CLS 0.38).
import './components/layout/site-header.css'
import './lib/offline/offline-status.css'

// The only module that starts things: everything else is imported without side effects.
// Evaluating the modules above is a task of its own; the app starts in the next one, and its start
// yields again before hydrating (lib/yield-to-main.ts: short tasks, not one long one).
await yieldToMain()
const queryClient = createQueryClient()
const router = createAppRouter(queryClient)
// A server-rendered page (the public ones) carries the router's state, left by its inline scripts;
// the app shell carries none.
const serverRendered = '$_TSR' in window

// The first screen renders from what is cached; refreshing it waits for its paint (lib/first-paint.ts).
holdRefreshesUntilFirstPaint(queryClient)
router.subscribe('onRendered', noteFirstScreenRendered)

// Prefetching waits for idle time anyway: its code need not come with the first route.
void import('./lib/idle-prefetch').then(({ prefetchVisibleLinksWhenIdle }) =>
  prefetchVisibleLinksWhenIdle(router),
)
trackRouterNavigation(router, { hydrating: serverRendered })

// The server refused the stored session (expired, revoked): it ends as at logout, and the login modal opens.
onSessionRejected((token) => {
  void import('./features/auth/session-end').then(({ endSession }) => endSession(queryClient, router, token))
})

// A deploy removed the chunk this tab wanted: reload into the new version (at most once a minute).
window.addEventListener('vite:preloadError', (event) => {
  if (reloadForChunkError()) event.preventDefault()
})
window.addEventListener('unhandledrejection', (event) => {
  if (isChunkLoadError(event.reason)) reloadForChunkError()
})
// Another tab signed in or out: follow it rather than act with a stale token.
window.addEventListener('storage', (event) => {
  if (event.key === null || Object.values<string>(sessionStorageKeys).includes(event.key)) reloadSession()
})

/** `Router`: RouterProvider on the app shell, the router's RouterClient on a server-rendered page. */
function App({ Router }: { Router: ComponentType<{ router: AnyRouter }> }) {
  return (
    <OfflineQueryProvider client={queryClient}>
      <I18nProvider i18n={i18n}>
        <Router router={router} />
      </I18nProvider>
    </OfflineQueryProvider>
  )
}

/** The language a server-rendered page was rendered in (its `<html lang>`); null on the app shell. */
function serverLocale(): AppLocale | null {
  const { lang } = document.documentElement
  return serverRendered && isLocale(lang) ? lang : null
}

async function start(): Promise<void> {
  // What the first render needs starts loading at once, while the rest of the start runs: the
  // catalog (so the first paint is already in the user's language) and this address's route chunks.
  const rendered = serverLocale()
  const localeReady = activateLocale(rendered ?? detectLocale())
  // Hydration's code comes with the pages that have something to hydrate, alongside the catalog.
  const hydrating =
    rendered === null
      ? undefined
      : import('./lib/router-hydration').then(({ hydratingRouter }) => hydratingRouter(router, queryClient))
  const [matchedRoutes] = router.getMatchedRoutes(router.state.location.pathname)
  for (const route of matchedRoutes) void router.loadRouteChunk(route)
  // The router was built in this task: the offline cache is the next one.
  await yieldToMain()
  const container = document.getElementById('root')
  if (!container) throw new Error('index.html has no #root element')
  router.subscribe('onResolved', () => applyPageHead(pageHead(router.state.matches, defaultHead())))
  // The features register with the infrastructure on its first signed-in need (their offline
  // changes before the persisted queue is restored); visitors of the public pages never load them.
  loadFeaturesWith(() => import('./app-features').then(({ registerAppFeatures }) => registerAppFeatures()))
  // Offline support first: the user's cached deals must be in place before any route loader runs,
  // from the synchronous copy at once, or else from IndexedDB (awaited below).
  const offline = startOffline(queryClient)
  const cacheInPlace = offline.firstScreen ? undefined : offline.restored
  const [, , Hydrating] = await Promise.all([localeReady, cacheInPlace, hydrating])
  if (Hydrating === undefined) {
    createRoot(container).render(
      <StrictMode>
        <App Router={RouterProvider} />
      </StrictMode>,
    )
    return
  }
  // Hydration must reproduce the server's markup: its locale (above), then its data and route
  // chunks, which RouterClient restores before it renders.
  await yieldToMain()
  // As a transition, hydration yields to the browser every few milliseconds instead of holding the
  // main thread for the whole page (a click meanwhile still hydrates its target at once).
  startTransition(() => {
    hydrateRoot(
      container,
      <StrictMode>
        <App Router={Hydrating} />
      </StrictMode>,
    )
  })
}

void start()
