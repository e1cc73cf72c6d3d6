import { createRootRouteWithContext, Outlet } from '@tanstack/react-router'
import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react'
import { ErrorPage } from '../components/layout/error-page'
import { RootError } from '../components/layout/root-error'
import { importWhenOnline } from '../lib/chunk-reload'
import type { RouterContext } from '../lib/router-context'
import { isToastHostWanted, subscribeToastHost } from '../lib/toast'

// The update prompt (workbox-window) waits until the page is idle; toasts (react-hot-toast) until
// the first message.
// Offline before they loaded, they wait for the connection rather than fail the page.
const DeferredUi = lazy(() =>
  importWhenOnline(() => import('../components/layout/deferred-ui')).then((module) => ({
    default: module.DeferredUi,
  })),
)
const ToastHost = lazy(() =>
  importWhenOnline(() => import('../components/layout/toast-host')).then((module) => ({
    default: module.ToastHost,
  })),
)
// 2000 ms: the same idle deadline as link prefetching; the first paint always comes first.
const deferredUiTimeoutMs = 2000

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  errorComponent: RootError,
  notFoundComponent: () => <ErrorPage status={404} />,
})

function RootLayout() {
  const idle = useIdle()
  const toasts = useSyncExternalStore(subscribeToastHost, isToastHostWanted, () => false)
  return (
    <>
      <Outlet />
      {idle ? (
        <Suspense fallback={null}>
          <DeferredUi />
        </Suspense>
      ) : null}
      {toasts ? (
        <Suspense fallback={null}>
          <ToastHost />
        </Suspense>
      ) : null}
    </>
  )
}

function useIdle(): boolean {
  const [idle, setIdle] = useState(false)
  useEffect(() => {
    if (typeof window.requestIdleCallback !== 'function') {
      const timer = window.setTimeout(() => setIdle(true), deferredUiTimeoutMs)
      return () => window.clearTimeout(timer)
    }
    const handle = window.requestIdleCallback(() => setIdle(true), { timeout: deferredUiTimeoutMs })
    return () => window.cancelIdleCallback(handle)
  }, [])
  return idle
}
