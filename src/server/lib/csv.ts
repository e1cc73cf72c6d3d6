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
 * Amounts as plain decimals ("-10.95", or "-10,95" with a decimal comma), no thousands separator.
 * These cells are made here, numbers only: they are not formula-escaped (a minus is a minus).
 */
export const csvAmount = (cents: number, decimal: '.' | ',' = '.') =>
  `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)}${decimal}${String(Math.abs(cents) % 100).padStart(2, '0')}`

/**
 * What a spreadsheet opened in a language expects: French and Spanish Excel (and LibreOffice) split
 * cells on a semicolon and read a decimal comma; English ones split on a comma and read a dot. A
 * decimal comma never sits in a file whose cells a comma separates.
 */
export interface CsvDialect {
  separator: ',' | ';'
  decimal: '.' | ','
}

export const csvDialect = (locale: 'en' | 'fr' | 'es'): CsvDialect =>
  locale === 'en' ? { separator: ',', decimal: '.' } : { separator: ';', decimal: ',' }

/** Excel reads a CSV as UTF-8 only when it starts with a byte order mark (accents, emoji in titles). */
export const CSV_BOM = '\uFEFF'

/** Lines of cells, CRLF-ended as RFC 4180 says. */
export const csvLines = (rows: string[][]) => rows.map((cells) => `${cells.join(',')}\r\n`).join('')
