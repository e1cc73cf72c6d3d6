/**
 * The one date filter (DD/MM/YYYY). Free of any date library, so that the first route can
 * show a date too (the offline strip says when the data was last synced) without its weight.
 */

const DEFAULT_DATE_FORMAT = 'DD/MM/YYYY'
/** A moment of the viewer's own day: date and time, as the offline strip shows "last synced". */
export const DEFAULT_DATE_TIME_FORMAT = 'DD/MM/YYYY HH:mm'

interface Fields {
  year: number
  month: number
  day: number
  hours: number
  minutes: number
  seconds: number
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0')

// dayjs's default (English) short month names, which the MMM token has always written.
const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

/** Writes the tokens YYYY, MMM, MM, DD, HH, mm and ss (as dayjs did); other characters stay. */
function render(fields: Fields, format: string): string {
  return format.replace(/YYYY|MMM|MM|DD|HH|mm|ss/g, (token) => {
    switch (token) {
      case 'YYYY':
        return pad(fields.year, 4)
      case 'MMM':
        return SHORT_MONTHS[fields.month - 1] ?? ''
      case 'MM':
        return pad(fields.month)
      case 'DD':
        return pad(fields.day)
      case 'HH':
        return pad(fields.hours)
      case 'mm':
        return pad(fields.minutes)
      default:
        return pad(fields.seconds)
    }
  })
}

function toDate(value: string | number | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null
  const date = value instanceof Date ? value : new Date(value)
  return Number.isNaN(date.getTime()) ? null : date
}

/**
 * Formats an ISO date in UTC, whatever the viewer's time zone, so that a date stored as
 * `2024-03-01` never shows as the 29th of February west of Greenwich. Empty or invalid input gives ''.
 */
export function formatDate(
  value: string | Date | null | undefined,
  format: string = DEFAULT_DATE_FORMAT,
): string {
  const date = toDate(value)
  if (!date) return ''
  return render(
    {
      year: date.getUTCFullYear(),
      month: date.getUTCMonth() + 1,
      day: date.getUTCDate(),
      hours: date.getUTCHours(),
      minutes: date.getUTCMinutes(),
      seconds: date.getUTCSeconds(),
    },
    format,
  )
}

/**
 * Formats a moment in the viewer's own time zone (DD/MM/YYYY HH:mm by default): for times the viewer
 * lived through, such as when the app last synced. Empty or invalid input gives ''.
 */
export function formatLocalDateTime(
  value: string | number | Date | null | undefined,
  format: string = DEFAULT_DATE_TIME_FORMAT,
): string {
  const date = toDate(value)
  if (!date) return ''
  return render(
    {
      year: date.getFullYear(),
      month: date.getMonth() + 1,
      day: date.getDate(),
      hours: date.getHours(),
      minutes: date.getMinutes(),
      seconds: date.getSeconds(),
    },
    format,
  )
}

/** A calendar day typed as DD/MM/YYYY (or D/M/YYYY, with / . or - between), as `YYYY-MM-DD`; null if no such day. */
export function parseDayInput(text: string): string | null {
  const match = /^\s*(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})\s*$/.exec(text)
  if (!match) return null
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const date = new Date(Date.UTC(year, month - 1, day))
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return null
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`
}

/** A `YYYY-MM-DD` day as DD/MM/YYYY ('' for anything else). */
export function formatDayInput(day: string | null | undefined): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day ?? '')
  return match ? `${match[3]}/${match[2]}/${match[1]}` : ''
}
