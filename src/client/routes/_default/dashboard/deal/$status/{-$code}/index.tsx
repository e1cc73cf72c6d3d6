import { Trans } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { dealQueries } from '#client/features/deals/queries.ts'
import { formatMoney } from '#shared/format.ts'
import { formatDate } from '#shared/format-date.ts'

export const Route = createFileRoute('/_default/dashboard/deal/$status/{-$code}/')({
  loader: ({ context: { queryClient, username }, params: { code } }) =>
    code ? queryClient.ensureQueryData(dealQueries.detail(username, code)) : null,
  component: DealDetailPage,
})

function DealDetailPage() {
  const { code = '' } = Route.useParams()
  const { username } = Route.useRouteContext()
  const { data: deal } = useSuspenseQuery(dealQueries.detail(username, code))
  const { mission } = deal
  const reward = formatMoney(mission.reward.amount)
  return (
    <section className="deal-overview">
      <h2>
        <Trans>Overview</Trans>
      </h2>
      <p>{mission.description}</p>
      <dl className="facts">
        <dt>
          <Trans>Reward</Trans>
        </dt>
        <dd>
          {mission.reward.model === 'cpc' ? (
            <Trans>{reward} per valid click</Trans>
          ) : (
            <Trans>{reward} when the goal is reached</Trans>
          )}
        </dd>
        <dt>
          <Trans>Goal</Trans>
        </dt>
        <dd>
          <Trans>{deal.goal} valid clicks</Trans>
        </dd>
        <dt>
          <Trans>Taken on</Trans>
        </dt>
        <dd>{formatDate(deal.createdAt)}</dd>
        {deal.finishedAt ? (
          <>
            <dt>
              <Trans>Completed on</Trans>
            </dt>
            <dd>{formatDate(deal.finishedAt)}</dd>
          </>
        ) : null}
        <dt>
          <Trans>Mission ends</Trans>
        </dt>
        <dd>{mission.endsAt ? formatDate(mission.endsAt) : <Trans>No end date</Trans>}</dd>
      </dl>
    </section>
  )
}
