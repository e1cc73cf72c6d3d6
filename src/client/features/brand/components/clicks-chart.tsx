import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { DayChart } from '#client/components/ui/day-chart.tsx'
import { clickDaysTotals } from '#client/components/ui/day-chart-props.ts'
import type { BrandResultDay } from '#shared/contract/brand.ts'
import { clickReasonLabel } from '../labels'

/** Invalid clicks by reason over the days shown, most frequent first. */
function reasonTotals(days: readonly BrandResultDay[]): [string, number][] {
  const totals = new Map<string, number>()
  for (const day of days)
    for (const [reason, count] of Object.entries(day.reasons))
      totals.set(reason, (totals.get(reason) ?? 0) + count)
  return [...totals].filter(([, count]) => count > 0).sort((a, b) => b[1] - a[1])
}

/**
 * The mission's valid and not counted clicks per day (the deal pages' chart), and why the others
 * were not counted, in words.
 */
export function ClicksChart({ days }: { days: readonly BrandResultDay[] }) {
  const { t, i18n } = useLingui()
  const totals = clickDaysTotals(days)
  if (!totals) return null
  const { from, to, valid, invalid } = totals
  const validText = plural(valid, { one: '# valid click', other: '# valid clicks' })
  const invalidText = plural(invalid, { one: '# click not counted', other: '# clicks not counted' })
  const clicks = (value: number) => t`${plural(value, { one: '# click', other: '# clicks' })}`
  const reasons = reasonTotals(days)
  return (
    <>
      <DayChart
        testId="brand-clicks-chart"
        days={days.map((day) => day.day)}
        yLabel={t`Clicks`}
        summary={t`${validText} and ${invalidText} from ${from} to ${to}.`}
        tableCaption={t`Clicks per day`}
        series={[
          { label: t`Valid`, values: days.map((day) => day.valid), color: 'var(--brand)', format: clicks },
          {
            label: t`Not counted`,
            values: days.map((day) => day.invalid),
            color: 'var(--danger)',
            format: clicks,
          },
        ]}
      />
      <h3>
        <Trans>Why clicks were not counted</Trans>
      </h3>
      {reasons.length === 0 ? (
        <p className="muted">
          <Trans>Every click of these days was counted.</Trans>
        </p>
      ) : (
        <ul className="reason-list" data-testid="click-reasons">
          {reasons.map(([reason, count]) => (
            <li key={reason}>
              <span>{clickReasonLabel(i18n, reason)}</span>
              <strong>{count}</strong>
            </li>
          ))}
        </ul>
      )}
    </>
  )
}
