/**
 * The months a monthly statement may be asked for: from the month the account was made to this one,
 * newest first, in the user's own calendar (the server bounds the months in the same time zone).
 * The server refuses any other month, so the picker never offers one.
 */

/** 2026-11 for a date in November 2026, in the browser's time zone. */
export function monthOf(date: Date): string {
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}`
}

/** `since`: when the account was made (ISO); unknown, only this month is offered. */
export function statementMonths(since: string | null | undefined, now = new Date()): string[] {
  const first = since ? new Date(since) : now
  const start = Number.isNaN(first.getTime()) || first > now ? now : first
  const months: string[] = []
  const cursor = new Date(now.getFullYear(), now.getMonth(), 1)
  const last = monthOf(start)
  // 600 months: a bound for a corrupt date, far beyond any account's age.
  while (months.length < 600) {
    const month = monthOf(cursor)
    months.push(month)
    if (month <= last) break
    cursor.setMonth(cursor.getMonth() - 1)
  }
  return months
}

/** "November 2026", "Novembre 2026" in the interface's language (a capital: it opens the option). */
export function monthLabel(month: string, locale: string): string {
  const [year, index] = month.split('-').map(Number) as [number, number]
  const label = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric' }).format(
    new Date(year, index - 1, 1),
  )
  return label.charAt(0).toLocaleUpperCase(locale) + label.slice(1)
}
