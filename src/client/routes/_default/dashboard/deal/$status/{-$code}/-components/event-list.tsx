import { Trans, useLingui } from '@lingui/react/macro'
import { useMemo, useState } from 'react'
import { useOnboardingSteps } from '#client/lib/session.ts'
import type { DealEvent } from '#shared/contract/deals.ts'
import { foldDealEvents } from '#shared/deal-ledger.ts'
import { formatMoney } from '#shared/format.ts'
import { formatLocalDateTime } from '#shared/format-date.ts'

function useLabels() {
  const { t } = useLingui()
  // Before the wallet is created the earnings are kept on the account: "credited to the wallet"
  // would point at something the streamer cannot find yet.
  const { walletCreated } = useOnboardingSteps()
  const types: Record<DealEvent['type'], string> = {
    subscribed: t`Mission taken`,
    click: t`Click`,
    conversion: t`Conversion`,
    goal_reached: t`Goal reached`,
    finished: t`Deal completed`,
    stopped: t`Deal stopped`,
    credited: walletCreated
      ? t`Credited to the wallet`
      : t`Earned: kept for you, shown once your wallet is created`,
    rejected: t`Payment refused`,
  }
  const reasons: Record<string, string> = {
    bot: t`automated visitor`,
    duplicate_visitor: t`same visitor within 24 hours`,
    deal_not_in_progress: t`deal no longer in progress`,
    mission_closed: t`mission closed`,
    mission_paused: t`mission paused by the brand`,
    mission_over_budget: t`mission budget spent`,
    owner: t`your own click (not counted)`,
    rate_limited: t`too many clicks from this address`,
    address_daily_cap: t`daily click limit reached for this address`,
    invalid_address: t`no valid visitor address`,
  }
  const reason = (key: string | null) => reasons[key ?? ''] ?? key ?? ''
  // Only clicks and conversions are counted or not; taking the mission or reaching the goal is not
  // "counted", and a refused payment says it was not paid.
  const status = (event: DealEvent): string => {
    if (event.type === 'click' || event.type === 'conversion')
      return event.valid ? t`Counted` : t`Not counted: ${reason(event.reason)}`
    if (event.type === 'rejected') return t`Not paid: ${reason(event.reason)}`
    return ''
  }
  return { type: (event: DealEvent) => types[event.type], status }
}

/**
 * 25 events a page: a screen or two. The events endpoint answers the whole list (it has no cursor),
 * so the page shows it a page at a time rather than growing by thousands of rows on a busy deal.
 */
export const eventPageSize = 25

/** A deal's events, newest first: what happened, whether it counted (and why not), what it paid. */
export function EventList({ events: raw }: { events: DealEvent[] }) {
  const labels = useLabels()
  // Events pushed live arrive one by one: a click and its credit become one row here too.
  const events = useMemo(() => foldDealEvents(raw), [raw])
  const [shown, setShown] = useState(eventPageSize)
  const total = events.length
  const left = Math.max(0, total - shown)
  const next = Math.min(left, eventPageSize)
  return (
    <>
      <ol className="event-list" data-testid="deal-events">
        {events.slice(0, shown).map((event) => (
          <li key={event.id} className={event.valid ? 'event' : 'event event-invalid'}>
            <span className="event-date">{formatLocalDateTime(event.createdAt, 'DD/MM/YYYY HH:mm')}</span>
            <span className="event-type">{labels.type(event)}</span>
            <span className="event-status">{labels.status(event)}</span>
            <span className="event-amount">
              {event.amount ? formatMoney(event.amount) : ''}
              {event.occurrences > 1 ? <Repeats count={event.occurrences} /> : null}
            </span>
          </li>
        ))}
      </ol>
      {left > 0 ? (
        <div className="event-more">
          <span className="muted">
            <Trans>
              {shown} of {total} events shown
            </Trans>
          </span>
          <button
            type="button"
            className="button button-ghost"
            onClick={() => setShown(shown + eventPageSize)}
          >
            <Trans>Show {next} more</Trans>
          </button>
        </div>
      ) : null}
    </>
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
