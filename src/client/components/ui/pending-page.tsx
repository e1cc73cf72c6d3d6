import { Trans } from '@lingui/react/macro'

/** Shown while a route loads for longer than the router's pending threshold. */
export function PendingPage() {
  return (
    <div className="pending" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">
        <Trans>Loading…</Trans>
      </span>
    </div>
  )
}
