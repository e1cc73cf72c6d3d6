import { Trans, useLingui } from '@lingui/react/macro'
import type { DealEvent } from '#shared/contract/deals.ts'
import { formatMoney } from '#shared/format.ts'
import { formatDate } from '#shared/format-date.ts'

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
    owner: t`your own click (not counted)`,
    rate_limited: t`too many clicks from this address`,
    address_daily_cap: t`daily click limit reached for this address`,
  }
  return { type: (event: DealEvent) => types[event.type], reason: (key: string) => reasons[key] ?? key }
}

/** A deal's events, newest first: what happened, whether it counted (and why not), what it paid. */
export function EventList({ events }: { events: DealEvent[] }) {
  const labels = useLabels()
  return (
    <ol className="event-list" data-testid="deal-events">
      {events.map((event) => (
        <li key={event.id} className={event.valid ? 'event' : 'event event-invalid'}>
          <span className="event-date">{formatDate(event.createdAt, 'DD/MM/YYYY HH:mm')}</span>
          <span className="event-type">{labels.type(event)}</span>
          <span className="event-status">
            {event.valid ? <Trans>valid</Trans> : <Trans>invalid: {labels.reason(event.reason ?? '')}</Trans>}
          </span>
          <span className="event-amount">
            {event.amount ? formatMoney(event.amount) : ''}
            {event.occurrences > 1 ? <Repeats count={event.occurrences} /> : null}
          </span>
        </li>
      ))}
    </ol>
  )
}

/** Repeated invalid clicks of one visitor are stored once, with their count. */
function Repeats({ count }: { count: number }) {
  const { t } = useLingui()
  return (
    <span className="event-repeats" title={t`${count} times`}>
      <span aria-hidden="true">×{count}</span>
      <span className="visually-hidden">
        <Trans>{count} times</Trans>
      </span>
    </span>
  )
}
