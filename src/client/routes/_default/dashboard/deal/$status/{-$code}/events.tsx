import { Trans, useLingui } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import type { DealEvent } from '../../../../../../../shared/contract/deals'
import { formatMoney } from '../../../../../../../shared/format'
import { formatDate } from '../../../../../../../shared/format-date'
import { ProgressChart } from '../../../../../../features/deals/components/progress-chart'
import { dealQueries } from '../../../../../../features/deals/queries'
import { getSession } from '../../../../../../lib/session'

const username = () => getSession().user?.username ?? ''

export const Route = createFileRoute('/_default/dashboard/deal/$status/{-$code}/events')({
  // A tab inside the deal page: switching tabs must not jump back to the top.
  staticData: { keepScroll: true },
  loader: ({ context: { queryClient }, params: { code } }) =>
    code ? queryClient.ensureQueryData(dealQueries.triggers(username(), code)) : null,
  component: DealEventsPage,
})

function useLabels() {
  const { t } = useLingui()
  const types: Record<DealEvent['type'], string> = {
    subscribed: t`Mission taken`,
    click: t`Click`,
    conversion: t`Conversion`,
    goal_reached: t`Goal reached`,
    finished: t`Deal completed`,
    stopped: t`Deal stopped`,
    credited: t`Credited to the wallet`,
    rejected: t`Payment refused`,
  }
  const reasons: Record<string, string> = {
    bot: t`automated visitor`,
    duplicate_visitor: t`same visitor within 24 hours`,
    deal_not_in_progress: t`deal no longer in progress`,
    mission_closed: t`mission closed`,
    mission_over_budget: t`mission budget spent`,
  }
  return { type: (event: DealEvent) => types[event.type], reason: (key: string) => reasons[key] ?? key }
}

function DealEventsPage() {
  const { code } = Route.useParams()
  const labels = useLabels()
  const { data: deal } = useSuspenseQuery(dealQueries.detail(username(), code ?? ''))
  const { data } = useSuspenseQuery(dealQueries.triggers(username(), code ?? ''))
  return (
    <section>
      <h2>
        <Trans>Events</Trans>
      </h2>
      <ProgressChart events={data.items} goal={deal.goal} />
      <ol className="event-list" data-testid="deal-events">
        {data.items.map((event) => (
          <li key={event.id} className={event.valid ? 'event' : 'event event-invalid'}>
            <span className="event-date">{formatDate(event.createdAt, 'DD/MM/YYYY HH:mm')}</span>
            <span className="event-type">{labels.type(event)}</span>
            <span className="event-status">
              {event.valid ? (
                <Trans>valid</Trans>
              ) : (
                <Trans>invalid: {labels.reason(event.reason ?? '')}</Trans>
              )}
            </span>
            <span className="event-amount">{event.amount ? formatMoney(event.amount) : ''}</span>
          </li>
        ))}
      </ol>
    </section>
  )
}
