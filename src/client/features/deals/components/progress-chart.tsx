import { plural } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { DayChart } from '#client/components/ui/day-chart.tsx'
import { clickDaysTotals } from '#client/components/ui/day-chart-props.ts'
import type { ClickDay } from '#shared/contract/deals.ts'

/**
 * A deal's valid and invalid clicks per day (the server's per-day read), as bars with axes, values on
 * hover and keyboard focus, and a text alternative (summary and table).
 */
export function ProgressChart({
  days,
  goal,
  progress,
}: {
  days: readonly ClickDay[]
  goal: number
  progress: number
}) {
  const { t } = useLingui()
  const totals = clickDaysTotals(days)
  if (!totals) return null
  const { from, to, valid, invalid } = totals
  const validText = plural(valid, { one: '# valid click', other: '# valid clicks' })
  const invalidText = plural(invalid, { one: '# refused click', other: '# refused clicks' })
  const summary = t`${validText} and ${invalidText} from ${from} to ${to}; progress ${progress} of ${goal}.`
  const clicks = (value: number) => t`${plural(value, { one: '# click', other: '# clicks' })}`
  return (
    <DayChart
      testId="events-chart"
      days={days.map((day) => day.day)}
      yLabel={t`Clicks`}
      summary={summary}
      tableCaption={t`Clicks per day`}
      series={[
        { label: t`Valid`, values: days.map((day) => day.valid), color: 'var(--brand)', format: clicks },
        { label: t`Refused`, values: days.map((day) => day.invalid), color: 'var(--danger)', format: clicks },
      ]}
    />
  )
}
