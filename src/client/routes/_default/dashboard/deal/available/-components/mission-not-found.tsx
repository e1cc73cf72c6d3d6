import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { EmptyState } from '#client/components/ui/empty-state.tsx'

/** An unknown or withdrawn mission: say so in words and lead back to the missions, not to a bare 404. */
export function MissionNotFound() {
  return (
    <section className="deals-page">
      <h1>
        <Trans>This mission is not available</Trans>
      </h1>
      <EmptyState
        action={
          <Link to="/dashboard/deal" className="button">
            <Trans>See the missions</Trans>
          </Link>
        }
      >
        <Trans>It may have ended, or the link may be mistyped. Other missions are waiting for you.</Trans>
      </EmptyState>
    </section>
  )
}
