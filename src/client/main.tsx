import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { onlineManager } from '@tanstack/react-query'
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client'
import { RouterProvider } from '@tanstack/react-router'
import { StrictMode, useMemo } from 'react'
import { createRoot } from 'react-dom/client'
import { isChunkLoadError, reloadForChunkError } from './lib/chunk-reload'
import { activateLocale, detectLocale } from './lib/i18n'
import { prefetchVisibleLinksWhenIdle } from './lib/idle-prefetch'
import { persistOptionsFor } from './lib/persister'
import { trackRouterNavigation } from './lib/progress-router'
import { createQueryClient } from './lib/query-client'
import { createAppRouter } from './lib/router'
import { scrollToTopOnNavigation } from './lib/scroll'
import { reloadSession, sessionStorageKeys, useSession } from './lib/session'
import './styles.css'

// The only module that starts things: everything else is imported without side effects.
const queryClient = createQueryClient()
const router = createAppRouter(queryClient)

onlineManager.setOnline(navigator.onLine)
scrollToTopOnNavigation(router)
prefetchVisibleLinksWhenIdle(router)
trackRouterNavigation(router)

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

function App() {
  const { user } = useSession()
  const username = user?.username
  const persistOptions = useMemo(() => persistOptionsFor(username), [username])
  return (
    <PersistQueryClientProvider client={queryClient} persistOptions={persistOptions}>
      <I18nProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nProvider>
    </PersistQueryClientProvider>
  )
}

async function start(): Promise<void> {
  // The catalog comes first so the first paint is already in the user's language.
  await activateLocale(detectLocale())
  const container = document.getElementById('root')
  if (!container) throw new Error('index.html has no #root element')
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  )
}

void start()
