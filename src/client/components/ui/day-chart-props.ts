/** What a day chart shows: read by the chart and by its canvas, which loads on its own. */
import { formatDate } from '#shared/format-date.ts'

/** One series of a day chart: a value per day, its name and how a value reads ("3 clicks", "1,20 €"). */
export interface DaySeries {
  label: string
  values: readonly number[]
  /** A CSS colour (a variable of the theme). */
  color: string
  format: (value: number) => string
}

export interface DayChartProps {
  /** Calendar days, YYYY-MM-DD, oldest first. */
  days: readonly string[]
  series: readonly DaySeries[]
  /** What the vertical axis counts ("Clicks", "Euros"). */
  yLabel: string
  /** One sentence for everyone, read first by screen readers: the chart's gist. */
  summary: string
  /** The table's first column header and caption. */
  tableCaption: string
  testId?: string
}

/** A day of a click chart: the valid clicks and the ones not counted. */
interface ClickDayCounts {
  day: string
  valid: number
  invalid: number
}

/**
 * What a click chart's summary says: its first and last day (DD/MM/YYYY) and the clicks of each kind
 * over them; null without days (no chart then).
 */
export function clickDaysTotals(days: readonly ClickDayCounts[]) {
  const first = days[0]
  const last = days.at(-1)
  if (!first || !last) return null
  return {
    from: formatDate(first.day),
    to: formatDate(last.day),
    valid: days.reduce((sum, day) => sum + day.valid, 0),
    invalid: days.reduce((sum, day) => sum + day.invalid, 0),
  }
}
