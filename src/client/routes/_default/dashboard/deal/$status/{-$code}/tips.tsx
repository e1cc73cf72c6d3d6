import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'

export const Route = createFileRoute('/_default/dashboard/deal/$status/{-$code}/tips')({
  // A tab inside the deal page: switching tabs must not jump back to the top.
  staticData: { keepScroll: true },
  component: DealTipsPage,
})

function DealTipsPage() {
  return (
    <section>
      <h2>
        <Trans>Tips</Trans>
      </h2>
      <p className="muted">
        <Trans>Advice from the brand to make this mission work.</Trans>
      </p>
    </section>
  )
}
