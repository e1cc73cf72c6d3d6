import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useEffect } from 'react'
import { useOnline } from '#client/lib/offline/use-online.ts'
import { LogoMark } from '../ui/logo'
import { OfflineNotice } from '../ui/offline-notice'

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

/** A page whose code failed to load offline: the notice, then a reload into it once back online. */
export function OfflinePage() {
  const online = useOnline()
  useEffect(() => {
    if (online) window.location.reload()
  }, [online])
  return (
    <main id="main">
      <OfflineNotice />
    </main>
  )
}
