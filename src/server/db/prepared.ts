/**
 * Queries built once per database. Drizzle builds a query's SQL text anew on every call:
 * on the signed-in reads that was a seventh of the server's CPU. A prepared query keeps the text and
 * takes its values by placeholder; on PostgreSQL its name also makes each pooled connection parse and
 * plan it once (PGlite prepares every statement once anyway, see pglite-statements.ts).
 *
 * Given a transaction, the query is built for that transaction (and forgotten with it).
 */
import type { Executor } from './client'

export function preparedPerDatabase<T>(build: (db: Executor) => T): (db: Executor) => T {
  const built = new WeakMap<Executor, T>()
  return (db) => {
    let query = built.get(db)
    if (query === undefined) {
      query = build(db)
      built.set(db, query)
    }
    return query
  }
}
