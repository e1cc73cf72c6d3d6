import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'

export const Route = createFileRoute('/_default/dashboard/deal/$status/{-$code}/tools')({
  // A tab inside the deal page: switching tabs must not jump back to the top.
  staticData: { keepScroll: true },
  component: DealToolsPage,
})

function DealToolsPage() {
  return (
    <section>
      <h2>
        <Trans>Tools</Trans>
      </h2>
      <p className="muted">
        <Trans>Your tracking link and the goal widget for your stream.</Trans>
      </p>
    </section>
  )
}
