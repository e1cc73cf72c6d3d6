/** CSV cells for the exports people open in spreadsheets (wallet history, newsletter, brand results). */

/**
 * A CSV cell. Text from outside (titles, usernames, e-mails) that a spreadsheet would run as a
 * formula (=, +, -, @, tab, CR first) is prefixed with a quote mark (OWASP's advice); every cell is
 * quoted, quotes doubled, so commas and line breaks stay inside their cell.
 */
export function csvText(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
  return `"${safe.replaceAll('"', '""')}"`
}

/**
 * Amounts as plain decimals with a dot ("-10.95"): the file is for spreadsheets and accounting tools in
 * any language, and a dot never collides with the comma that separates cells (a locale's decimal
 * comma would, and would make the number text to tools that read the file without the locale).
 * These cells are made here, numbers only: they are not formula-escaped (a minus is a minus).
 */
export const csvAmount = (cents: number) =>
  `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`

/** Excel reads a CSV as UTF-8 only when it starts with a byte order mark (accents, emoji in titles). */
export const CSV_BOM = '\uFEFF'

/** Lines of cells, CRLF-ended as RFC 4180 says. */
export const csvLines = (rows: string[][]) => rows.map((cells) => `${cells.join(',')}\r\n`).join('')
