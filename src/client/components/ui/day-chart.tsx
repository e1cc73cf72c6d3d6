import { Trans } from '@lingui/react/macro'
import { lazy, Suspense, useState } from 'react'
import { formatDate } from '#shared/format-date.ts'
import type { DayChartProps } from './day-chart-props'
import './day-chart.css'

// uPlot (~50 KB, canvas, no dependencies) loads with the first chart shown, never with the first route.
const DayChartCanvas = lazy(() => import('./day-chart-canvas'))

/**
 * Bars per day with axes, labelled values on hover and on keyboard focus (arrow keys move the day),
 * and a text alternative: the summary, and the same figures as a table for screen readers.
 */
export function DayChart(props: DayChartProps) {
  const { days, series, summary, tableCaption, testId } = props
  const [focused, setFocused] = useState<number | null>(null)
  const readout =
    focused === null
      ? null
      : `${formatDate(days[focused])}: ${series
          .map((one) => `${one.label} ${one.format(one.values[focused] ?? 0)}`)
          .join(', ')}`
  return (
    <figure className="day-chart" data-testid={testId}>
      <figcaption className="muted">{summary}</figcaption>
      {/* Which colour is which series: without it two bar colours mean nothing to the eye. */}
      <ul className="day-chart-legend" data-testid={testId ? `${testId}-legend` : undefined}>
        {series.map((one) => (
          <li key={one.label}>
            <span className="day-chart-swatch" style={{ background: one.color }} aria-hidden="true" />
            {one.label}
          </li>
        ))}
      </ul>
      <Suspense fallback={<div className="day-chart-plot day-chart-loading" aria-hidden="true" />}>
        <DayChartCanvas {...props} focused={focused} readout={readout} onFocusDay={setFocused} />
      </Suspense>
      <p
        className="day-chart-readout"
        aria-live="polite"
        data-testid={testId ? `${testId}-readout` : undefined}
      >
        {readout ?? (
          <span className="muted">
            <Trans>Point at a day, or focus the chart and use the arrow keys, to read its values.</Trans>
          </span>
        )}
      </p>
      <table className="visually-hidden">
        <caption>{tableCaption}</caption>
        <thead>
          <tr>
            <th scope="col">
              <Trans>Day</Trans>
            </th>
            {series.map((one) => (
              <th key={one.label} scope="col">
                {one.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {days.map((day, index) => (
            <tr key={day}>
              <th scope="row">{formatDate(day)}</th>
              {series.map((one) => (
                <td key={one.label}>{one.format(one.values[index] ?? 0)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  )
}
