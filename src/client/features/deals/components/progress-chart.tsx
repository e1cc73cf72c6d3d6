import { plural } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import type { DealEvent } from '#shared/contract/deals.ts'
import { formatDate } from '#shared/format-date.ts'

// The chart's own coordinate space; the SVG scales to its container.
const WIDTH = 600
const HEIGHT = 160
const PAD = 24

/** Valid clicks over time, oldest to newest, as cumulative points. */
export function progressPoints(events: readonly DealEvent[]): Array<{ at: number; count: number }> {
  const clicks = events
    .filter((event) => event.type === 'click' && event.valid)
    .map((event) => Date.parse(event.createdAt))
    .sort((a, b) => a - b)
  return clicks.map((at, index) => ({ at, count: index + 1 }))
}

/** A small line chart of progress over time, with a text summary for screen readers. */
export function ProgressChart({ events, goal }: { events: readonly DealEvent[]; goal: number }) {
  const { t } = useLingui()
  const points = progressPoints(events)
  const first = points[0]
  const last = points.at(-1)
  if (!first || !last) return null
  const span = Math.max(1, last.at - first.at)
  const top = Math.max(goal, last.count)
  const x = (at: number) => PAD + ((at - first.at) / span) * (WIDTH - 2 * PAD)
  const y = (count: number) => HEIGHT - PAD - (count / top) * (HEIGHT - 2 * PAD)
  const path = [
    `M ${x(first.at)} ${y(0)}`,
    ...points.map((point) => `L ${x(point.at)} ${y(point.count)}`),
  ].join(' ')
  const from = formatDate(new Date(first.at))
  const to = formatDate(new Date(last.at))
  const summary = t`${plural(last.count, { one: '# valid click', other: '# valid clicks' })} between ${from} and ${to}, goal ${goal}`
  return (
    <figure className="progress-chart">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={summary} preserveAspectRatio="none">
        <line className="chart-goal" x1={PAD} x2={WIDTH - PAD} y1={y(goal)} y2={y(goal)} />
        <line className="chart-axis" x1={PAD} x2={WIDTH - PAD} y1={y(0)} y2={y(0)} />
        <path className="chart-line" d={path} />
      </svg>
      <figcaption className="muted">{summary}</figcaption>
    </figure>
  )
}
