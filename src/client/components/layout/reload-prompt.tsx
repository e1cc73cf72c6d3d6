import { useRegisterSW } from 'virtual:pwa-register/react'
import { Trans } from '@lingui/react/macro'
import { currentLocale } from '#client/lib/i18n.ts'

// Hourly: an app left open on a stream PC for days still learns about new versions.
const updateCheckIntervalMs = 60 * 60 * 1000

/** Owns the service worker update flow: registration, hourly checks, and the reload prompt. */
export function ReloadPrompt() {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW(swUrl, registration) {
      if (!registration) return
      // The worker refreshes FAQ and terms in this page's language for offline use (sw.ts).
      void navigator.serviceWorker.ready.then((ready) =>
        ready.active?.postMessage({ type: 'WARM_CONTENT', locale: currentLocale() }),
      )
      setInterval(async () => {
        // Skip while offline or mid-install: the check would only fail.
        if (registration.installing || !navigator.onLine) return
        const response = await fetch(swUrl, {
          cache: 'no-store',
          headers: { 'cache-control': 'no-cache' },
        }).catch(() => null)
        if (response?.status === 200) await registration.update()
      }, updateCheckIntervalMs)
    },
    onRegisterError(error) {
      console.error('Service worker registration failed', error)
    },
  })

  if (!needRefresh) return null
  return (
    <div className="reload-prompt" role="alert">
      <p>
        <Trans>A new version is available</Trans>
      </p>
      <div className="reload-actions">
        <button type="button" className="button" onClick={() => void updateServiceWorker(true)}>
          <Trans>Reload</Trans>
        </button>
        <button type="button" className="button button-ghost" onClick={() => setNeedRefresh(false)}>
          <Trans>Later</Trans>
        </button>
      </div>
    </div>
  )
}
