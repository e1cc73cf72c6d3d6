import { Trans } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, Link } from '@tanstack/react-router'
import { DealList } from '#client/features/deals/components/deal-list.tsx'
import { COMPLETED_STATES, dealQueries } from '#client/features/deals/queries.ts'
import { formatMoney } from '#shared/format.ts'

export const Route = createFileRoute('/_default/dashboard/deal/completed')({
  loader: ({ context: { queryClient, username } }) =>
    queryClient.ensureQueryData(dealQueries.list(username, COMPLETED_STATES)),
  component: CompletedDealsPage,
})

function CompletedDealsPage() {
  const { username } = Route.useRouteContext()
  const { data } = useSuspenseQuery(dealQueries.list(username, COMPLETED_STATES))
  const total = formatMoney(data.items.reduce((sum, deal) => sum + deal.earned.amount, 0))
  return (
    <section className="deals-page">
      <h1>
        <Trans>Completed deals</Trans>
      </h1>
      {data.items.length > 0 ? (
        <p className="muted">
          <Trans>Earned on completed deals: {total}</Trans>
        </p>
      ) : null}
      <DealList
        deals={data.items}
        empty={
          <Trans>
            No completed deal yet. Deals you finish show up here;{' '}
            <Link to="/dashboard/deal">take a mission</Link> to get started.
          </Trans>
        }
      />
    </section>
  )
}
