import { Trans } from '@lingui/react/macro'
import { useOnline } from '#client/lib/offline/use-online.ts'
import { OfflineNotice } from './offline-notice'

/**
 * Shown while a route loads for longer than the router's pending threshold. Offline, its data
 * waits for the network (a paused request), so the page says that instead of spinning; it renders
 * by itself once the request resumes.
 */
export function PendingPage() {
  const online = useOnline()
  if (!online) return <OfflineNotice />
  return (
    <div className="pending" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">
        <Trans>Loading…</Trans>
      </span>
    </div>
  )
}
