import { plural } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import type { Transaction } from '#shared/contract/wallet.ts'
import { formatMoney } from '#shared/format.ts'

// The chart's own coordinate space; the SVG scales to its container.
const WIDTH = 600
const HEIGHT = 160
const PAD = 24

/** What counts as earned: deal earnings and operator adjustments (payouts only move money out). */
export const isEarning = (transaction: Transaction) =>
  transaction.kind === 'earning' || transaction.kind === 'adjustment'

/** Cumulative earnings, oldest to newest. */
export function earningPoints(transactions: readonly Transaction[]): Array<{ at: number; total: number }> {
  const earnings = transactions
    .filter(isEarning)
    .map((transaction) => ({ at: Date.parse(transaction.createdAt), amount: transaction.amount.amount }))
    .sort((a, b) => a.at - b.at)
  let total = 0
  return earnings.map((earning) => {
    total += earning.amount
    return { at: earning.at, total }
  })
}

/** A small line chart of earnings over time, with a text summary for screen readers. */
export function EarningsChart({ transactions }: { transactions: readonly Transaction[] }) {
  const { t } = useLingui()
  const points = earningPoints(transactions)
  const first = points[0]
  const last = points.at(-1)
  if (!first || !last) return null
  const span = Math.max(1, last.at - first.at)
  const top = Math.max(1, last.total)
  const x = (at: number) => PAD + ((at - first.at) / span) * (WIDTH - 2 * PAD)
  const y = (total: number) => HEIGHT - PAD - (total / top) * (HEIGHT - 2 * PAD)
  const path = [
    `M ${x(first.at)} ${y(0)}`,
    ...points.map((point) => `L ${x(point.at)} ${y(point.total)}`),
  ].join(' ')
  const total = formatMoney(last.total)
  const summary = t`${total} earned in ${plural(points.length, { one: '# credit', other: '# credits' })}`
  return (
    <figure className="earnings-chart">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={summary} preserveAspectRatio="none">
        <line className="chart-axis" x1={PAD} x2={WIDTH - PAD} y1={y(0)} y2={y(0)} />
        <path className="chart-line" d={path} />
      </svg>
      <figcaption className="muted">{summary}</figcaption>
    </figure>
  )
}
