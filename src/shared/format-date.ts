/**
 * The one date formatter (SPEC §9: DD/MM/YYYY). Apart from format.ts because dayjs must stay out
 * of the first route's JavaScript (DESIGN §5): the home page formats money, never dates.
 */
import dayjs from 'dayjs'

export const DEFAULT_DATE_FORMAT = 'DD/MM/YYYY'

/**
 * Formats an ISO date in UTC, whatever the viewer's time zone, so that a date stored as
 * `2024-03-01` never shows as the 29th of February west of Greenwich. Empty or invalid input gives ''.
 */
export function formatDate(
  value: string | Date | null | undefined,
  format: string = DEFAULT_DATE_FORMAT,
): string {
  if (value === null || value === undefined || value === '') return ''
  const date = value instanceof Date ? value : new Date(value)
  if (Number.isNaN(date.getTime())) return ''
  // Rebuild the UTC wall-clock time as a local date: dayjs then formats exactly those fields.
  const wallClock = new Date(
    date.getUTCFullYear(),
    date.getUTCMonth(),
    date.getUTCDate(),
    date.getUTCHours(),
    date.getUTCMinutes(),
    date.getUTCSeconds(),
    date.getUTCMilliseconds(),
  )
  return dayjs(wallClock).format(format)
}
