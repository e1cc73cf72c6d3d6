import { useLingui } from '@lingui/react/macro'
import { type KeyboardEvent, useEffect, useRef } from 'react'
import uPlot from 'uplot'
import 'uplot/dist/uPlot.min.css'
import { formatDate } from '#shared/format-date.ts'
import type { DayChartProps } from './day-chart-props'

const HEIGHT = 220
const DAY_SECONDS = 86_400
/** A week at least: one or two days alone would make bars without a width and an axis of hours. */
const MIN_DAYS = 7

/** A day as uPlot's x value: seconds at its UTC midnight (labels are written in UTC, see formatDate). */
const daySeconds = (day: string) => Date.parse(`${day}T00:00:00Z`) / 1000

/** The theme's colour behind a CSS variable, for the canvas (which knows no CSS). */
function cssColor(element: Element, value: string): string {
  const variable = /^var\((--[\w-]+)\)$/.exec(value)?.[1]
  return variable ? getComputedStyle(element).getPropertyValue(variable).trim() || '#888' : value
}

interface CanvasProps extends DayChartProps {
  focused: number | null
  /** The focused day's values in words, for the slider's value text. */
  readout: string | null
  onFocusDay: (index: number | null) => void
}

/** The uPlot half of DayChart (loaded lazily): the canvas, its axes, hover and arrow keys. */
export default function DayChartCanvas({ days, series, yLabel, focused, onFocusDay, readout }: CanvasProps) {
  const { t } = useLingui()
  const box = useRef<HTMLDivElement>(null)
  const plot = useRef<uPlot | null>(null)
  const padRef = useRef(0)
  const onFocusRef = useRef(onFocusDay)
  onFocusRef.current = onFocusDay

  useEffect(() => {
    const element = box.current
    if (!element) return
    const text = cssColor(element, 'var(--text-muted)')
    const grid = cssColor(element, 'var(--border)')
    const bars = uPlot.paths.bars?.({ size: [0.7, 48], gap: 2 })
    const barWidth = 1 / Math.max(1, series.length)
    const options: uPlot.Options = {
      width: Math.max(200, element.clientWidth),
      height: HEIGHT,
      legend: { show: false },
      cursor: { y: false, points: { show: false } },
      scales: { x: { time: true, range: (_u, min, max) => [min - DAY_SECONDS / 2, max + DAY_SECONDS / 2] } },
      tzDate: (seconds) => uPlot.tzDate(new Date(seconds * 1000), 'Etc/UTC'),
      axes: [
        {
          stroke: text,
          grid: { show: false },
          ticks: { stroke: grid },
          // One tick per day (every nth day when they do not fit, ~64 px a label), ending on the last.
          splits: (u) => {
            const xs = (u.data[0] ?? []) as number[]
            const step = Math.max(1, Math.ceil(xs.length / Math.max(2, Math.floor(u.width / 64))))
            return xs.filter((_x, index) => (xs.length - 1 - index) % step === 0)
          },
          values: (_u, splits) => splits.map((value) => formatDate(new Date(value * 1000), 'DD/MM')),
        },
        {
          stroke: text,
          label: yLabel,
          labelSize: 18,
          grid: { stroke: grid, width: 1 },
          ticks: { stroke: grid },
          values: (_u, splits) => splits.map((value) => series[0]?.format(value) ?? String(value)),
          size: 84,
        },
      ],
      series: [
        {},
        ...series.map((one, index) => ({
          label: one.label,
          stroke: cssColor(element, one.color),
          fill: cssColor(element, one.color),
          width: 0,
          points: { show: false },
          ...(bars
            ? {
                paths: uPlot.paths.bars?.({
                  size: [0.7 * barWidth, 48],
                  gap: 1,
                  align: series.length > 1 ? ((index === 0 ? -1 : 1) as 1 | -1) : 0,
                }),
              }
            : {}),
        })),
      ],
      hooks: {
        setCursor: [
          (u) => {
            const index = u.cursor.idx
            const day = index === null || index === undefined ? -1 : index - padRef.current
            onFocusRef.current(day >= 0 ? day : null)
          },
        ],
      },
    }
    // Days before the first, empty, up to a week: the canvas's only (the table lists the real days).
    const pad = Math.max(0, MIN_DAYS - days.length)
    const first = daySeconds(days[0] ?? '1970-01-01')
    const padding = Array.from({ length: pad }, (_, index) => first - (pad - index) * DAY_SECONDS)
    const data: uPlot.AlignedData = [
      [...padding, ...days.map(daySeconds)],
      ...series.map((one) => [...padding.map(() => 0), ...one.values]),
    ]
    padRef.current = pad
    const chart = new uPlot(options, data, element)
    plot.current = chart
    const resize = new ResizeObserver(() =>
      chart.setSize({ width: Math.max(200, element.clientWidth), height: HEIGHT }),
    )
    resize.observe(element)
    return () => {
      resize.disconnect()
      chart.destroy()
      plot.current = null
    }
  }, [days, series, yLabel])

  /** Arrow keys move the day (Home and End to the ends); the readout and the cursor follow. */
  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const last = days.length - 1
    const current = focused ?? last
    const next =
      event.key === 'ArrowLeft'
        ? Math.max(0, current - 1)
        : event.key === 'ArrowRight'
          ? Math.min(last, current + 1)
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null
    if (next === null) return
    event.preventDefault()
    const chart = plot.current
    const day = days[next]
    if (chart && day) {
      chart.setCursor({ left: chart.valToPos(daySeconds(day), 'x'), top: HEIGHT / 3 })
    }
    onFocusDay(next)
  }

  return (
    <div
      ref={box}
      className="day-chart-plot"
      // A slider over the days: arrow keys move it, and it reads the day's values out.
      role="slider"
      tabIndex={0}
      aria-valuemin={0}
      aria-valuemax={Math.max(0, days.length - 1)}
      aria-valuenow={focused ?? Math.max(0, days.length - 1)}
      aria-valuetext={readout ?? undefined}
      aria-label={t`Chart: use the left and right arrow keys to move from day to day`}
      onKeyDown={onKeyDown}
      onFocus={() => {
        if (focused === null && days.length > 0) onFocusDay(days.length - 1)
      }}
    />
  )
}
