import { Trans } from '@lingui/react/macro'
import { useEffect } from 'react'
import { LogoMark } from './logo'

/**
 * A page asked for offline that this device does not hold yet (its code or its data): it says so
 * rather than spin, and opens once the connection is back. Inside the page's own `main`.
 */
export function OfflineNotice() {
  // The navigation that brought it has not finished, so the router has not reset the scroll yet:
  // a link clicked low on the previous page would leave the notice under the header. In a block:
  // Chromium's scrollTo returns a promise, which React would take for the clean-up and call.
  useEffect(() => {
    window.scrollTo(0, 0)
  }, [])
  return (
    <div className="error-page offline-notice" role="status" data-testid="offline-page">
      <LogoMark size={56} />
      <h1>
        <Trans>You are offline</Trans>
      </h1>
      <p className="error-message">
        <Trans>This page is not saved on this device yet. It opens as soon as you are back online.</Trans>
      </p>
    </div>
  )
}
