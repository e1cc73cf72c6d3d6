/**
 * A row a raw statement returned (`db.execute`: column names as stored, values as the driver gives
 * them) as the table's typed row, each value through its column's own mapping (timestamps to Date,
 * bigints to numbers): for the few hot statements written in SQL, over arrays, whose rows the rest
 * of the code reads as drizzle's.
 */
import { getTableColumns, type Table } from 'drizzle-orm'

export function fromDriverRow<T extends Table>(table: T, row: Record<string, unknown>): T['$inferSelect'] {
  const typed: Record<string, unknown> = {}
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = row[column.name]
    typed[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value)
  }
  return typed as T['$inferSelect']
}
