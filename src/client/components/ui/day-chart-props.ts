/** What a day chart shows: read by the chart and by its canvas, which loads on its own. */

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
