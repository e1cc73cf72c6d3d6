import { useLingui } from '@lingui/react/macro'
import { DayChart } from '#client/components/ui/day-chart.tsx'
import type { EarningsDay } from '#shared/contract/wallet.ts'
import { formatMoney } from '#shared/format.ts'
import { formatDate } from '#shared/format-date.ts'

/** Earnings per day over the last 30 days (the wallet summary's), with axes, values and a table. */
export function EarningsChart({ days }: { days: readonly EarningsDay[] }) {
  const { t } = useLingui()
  const first = days[0]
  const last = days.at(-1)
  if (!first || !last) return null
  const total = formatMoney(days.reduce((sum, day) => sum + day.earned.amount, 0))
  const from = formatDate(first.day)
  const to = formatDate(last.day)
  return (
    <DayChart
      testId="earnings-chart"
      days={days.map((day) => day.day)}
      yLabel={t`Euros`}
      summary={t`${total} earned from ${from} to ${to}.`}
      tableCaption={t`Earnings per day`}
      series={[
        {
          label: t`Earned`,
          values: days.map((day) => day.earned.amount),
          color: 'var(--brand)',
          format: (cents) => formatMoney(Math.round(cents)),
        },
      ]}
    />
  )
}
