import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'

export const Route = createFileRoute('/_default/dashboard/deal/$status/{-$code}/events')({
  // A tab inside the deal page: switching tabs must not jump back to the top.
  staticData: { keepScroll: true },
  component: DealEventsPage,
})

function DealEventsPage() {
  return (
    <section>
      <h2>
        <Trans>Events</Trans>
      </h2>
      <p className="muted">
        <Trans>Every click, conversion and payment recorded for this deal.</Trans>
      </p>
    </section>
  )
}
