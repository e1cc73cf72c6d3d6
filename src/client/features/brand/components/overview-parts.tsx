import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { DayChart } from '#client/components/ui/day-chart.tsx'
import type { BrandOverview } from '#shared/contract/brand-portal.ts'
import { formatMoney } from '#shared/format.ts'
import { formatDate } from '#shared/format-date.ts'
import { MissionStatusBadge } from './mission-actions'

/** Whole numbers in the interface language (1,234 / 1 234 / 1.234). */
function useCount() {
  const { i18n } = useLingui()
  const format = new Intl.NumberFormat(i18n.locale)
  return (value: number) => format.format(value)
}

/** The range's figures at a glance: spend, valid clicks, refused clicks, cost per valid click. */
export function OverviewCards({ overview }: { overview: BrandOverview }) {
  const { t } = useLingui()
  const count = useCount()
  const { totals } = overview
  const cards = [
    { id: 'spent', label: t`Spent`, value: formatMoney(totals.spentCents) },
    { id: 'valid', label: t`Valid clicks`, value: count(totals.valid) },
    { id: 'refused', label: t`Refused clicks`, value: count(totals.refused) },
    {
      id: 'cost',
      label: t`Cost per valid click`,
      value: totals.costPerValidCents === null ? '—' : formatMoney(totals.costPerValidCents),
    },
  ]
  return (
    <dl className="overview-cards">
      {cards.map((card) => (
        <div key={card.id} className="brand-card-panel" data-testid={`overview-${card.id}`}>
          <dt>{card.label}</dt>
          <dd>{card.value}</dd>
        </div>
      ))}
    </dl>
  )
}

/** Spend per day, and valid and refused clicks per day: two small charts with their tables. */
export function OverviewChart({ days }: { days: BrandOverview['days'] }) {
  const { t } = useLingui()
  const count = useCount()
  const first = days[0]
  const last = days.at(-1)
  if (!first || !last) return null
  const from = formatDate(first.day)
  const to = formatDate(last.day)
  const spent = formatMoney(days.reduce((sum, day) => sum + day.spentCents, 0))
  const clicks = (value: number) => plural(value, { one: '# click', other: '# clicks' })
  return (
    <div className="results-grid">
      <section className="brand-card-panel" aria-labelledby="overview-spend-title">
        <h2 id="overview-spend-title">
          <Trans>Spend per day</Trans>
        </h2>
        <DayChart
          testId="overview-spend-chart"
          days={days.map((day) => day.day)}
          yLabel={t`Euros`}
          summary={t`${spent} spent from ${from} to ${to}.`}
          tableCaption={t`Spend per day`}
          series={[
            {
              label: t`Spent`,
              values: days.map((day) => day.spentCents),
              color: 'var(--brand)',
              format: (cents) => formatMoney(cents),
            },
          ]}
        />
      </section>
      <section className="brand-card-panel" aria-labelledby="overview-clicks-title">
        <h2 id="overview-clicks-title">
          <Trans>Clicks per day</Trans>
        </h2>
        <DayChart
          testId="overview-clicks-chart"
          days={days.map((day) => day.day)}
          yLabel={t`Clicks`}
          summary={t`${count(days.reduce((sum, day) => sum + day.valid, 0))} valid and ${count(days.reduce((sum, day) => sum + day.refused, 0))} refused clicks from ${from} to ${to}.`}
          tableCaption={t`Clicks per day`}
          series={[
            { label: t`Valid`, values: days.map((day) => day.valid), color: 'var(--brand)', format: clicks },
            {
              label: t`Refused`,
              values: days.map((day) => day.refused),
              color: 'var(--danger)',
              format: clicks,
            },
          ]}
        />
      </section>
    </div>
  )
}

/** One mission's forecast in words: when its budget runs out at the last 24 hours' pace, or why it does not. */
function Forecast({ mission }: { mission: BrandOverview['missions'][number] }) {
  const { i18n } = useLingui()
  if (mission.budgetCents === null) return <Trans>No budget cap: it pays every valid click.</Trans>
  if (mission.remainingCents === 0) return <Trans>Budget spent.</Trans>
  if (mission.status !== 'published') return <Trans>Not running: the budget waits.</Trans>
  if (!mission.runsOutAt) return <Trans>Nothing spent in the last 24 hours.</Trans>
  const when = new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'medium' }).format(
    new Date(mission.runsOutAt),
  )
  const pace = formatMoney(mission.lastDayCents)
  return (
    <Trans>
      Runs out around {when} at {pace} a day.
    </Trans>
  )
}

/** Each mission's figures in the range, what is left of its budget, and its forecast. */
export function OverviewForecast({ slug, missions }: { slug: string; missions: BrandOverview['missions'] }) {
  const count = useCount()
  return (
    <section className="brand-section" aria-labelledby="overview-forecast-title">
      <h2 id="overview-forecast-title">
        <Trans>Missions and budget forecast</Trans>
      </h2>
      {missions.length === 0 ? (
        <p className="muted">
          <Trans>No mission yet.</Trans>
        </p>
      ) : (
        <ul className="overview-missions" data-testid="overview-forecast">
          {missions.map((mission) => (
            <li key={mission.code} className="brand-card-panel">
              <p className="overview-mission-head">
                <Link to="/dashboard/provider/$slug/missions/$code" params={{ slug, code: mission.code }}>
                  {mission.title}
                </Link>
                <MissionStatusBadge status={mission.status} />
              </p>
              <p className="muted">
                <Trans>
                  {formatMoney(mission.spentCents)} spent · {count(mission.valid)} valid ·{' '}
                  {count(mission.refused)} refused
                </Trans>
                {mission.remainingCents === null ? null : (
                  <>
                    {' · '}
                    <Trans>{formatMoney(mission.remainingCents)} left</Trans>
                  </>
                )}
              </p>
              <p className="overview-forecast-line">
                <Forecast mission={mission} />
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
