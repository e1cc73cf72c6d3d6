import { Trans } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { ProgressChart } from '#client/features/deals/components/progress-chart.tsx'
import { dealQueries } from '#client/features/deals/queries.ts'
import { dealStatsQuery } from '#client/features/deals/stats.ts'
import { EventList } from './-components/event-list'

export const Route = createFileRoute('/_default/dashboard/deal/$status/{-$code}/events')({
  loader: ({ context: { queryClient, username }, params: { code } }) =>
    code
      ? Promise.all([
          queryClient.ensureQueryData(dealQueries.triggers(username, code)),
          queryClient.ensureQueryData(dealStatsQuery(username, code)),
        ])
      : null,
  component: DealEventsPage,
})

function DealEventsPage() {
  const { code = '' } = Route.useParams()
  const { username } = Route.useRouteContext()
  const { data: deal } = useSuspenseQuery(dealQueries.detail(username, code))
  const { data } = useSuspenseQuery(dealQueries.triggers(username, code))
  const { data: stats } = useSuspenseQuery(dealStatsQuery(username, code))
  return (
    <section>
      <h2>
        <Trans>Events</Trans>
      </h2>
      <ProgressChart days={stats.days} goal={deal.goal} progress={deal.progress} />
      <EventList events={data.items} />
    </section>
  )
}
