import { Trans } from '@lingui/react/macro'

/** The inline "loading" line of a panel whose data is still on its way (announced, not a spinner). */
export function LoadingStatus() {
  return (
    <p role="status">
      <Trans>Loading…</Trans>
    </p>
  )
}
