/**
 * The user's day, for "today" and the history's days, is the one of their browser's time zone: it is
 * what their clock shows while they stream, so a stream that runs past midnight UTC (evening in the
 * Americas) stays on the evening it happened, and "today" turns over at their midnight, not the
 * server's. A browser that names no zone (rare, old) gets UTC, the server's default too.
 */
export function userTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'
  } catch {
    return 'UTC'
  }
}
