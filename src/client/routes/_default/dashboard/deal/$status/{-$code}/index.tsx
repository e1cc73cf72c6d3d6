import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'

export const Route = createFileRoute('/_default/dashboard/deal/$status/{-$code}/')({
  // A tab inside the deal page: switching tabs must not jump back to the top.
  staticData: { keepScroll: true },
  component: DealDetailPage,
})

function DealDetailPage() {
  return (
    <section>
      <h2>
        <Trans>Overview</Trans>
      </h2>
      <p className="muted">
        <Trans>Progress, earnings and the state of this deal.</Trans>
      </p>
    </section>
  )
}
