import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useEffect } from 'react'
import { useOnline } from '#client/lib/offline/use-online.ts'
import { LogoMark } from '../ui/logo'

/** The error layout: 404 says the page does not exist; anything else is a generic failure. */
export function ErrorPage({ status = 500, message }: { status?: number; message?: string }) {
  return (
    <main className="error-page" id="main">
      <LogoMark size={56} />
      <p className="error-status">{status}</p>
      <h1>
        {status === 404 ? <Trans>This page could not be found</Trans> : <Trans>Something went wrong</Trans>}
      </h1>
      {status !== 404 && message ? <p className="error-message">{message}</p> : null}
      <Link to="/" className="button">
        <Trans>Back to the home page</Trans>
      </Link>
    </main>
  )
}

/**
 * A page whose code this device does not hold yet, asked for offline: no error, it opens once the
 * connection is back (the app reloads into it then).
 */
export function OfflinePage() {
  const online = useOnline()
  useEffect(() => {
    if (online) window.location.reload()
  }, [online])
  return (
    <main className="error-page" id="main" data-testid="offline-page">
      <LogoMark size={56} />
      <h1>
        <Trans>You are offline</Trans>
      </h1>
      <p className="error-message">
        <Trans>This page is not saved on this device yet. It opens as soon as you are back online.</Trans>
      </p>
    </main>
  )
}
