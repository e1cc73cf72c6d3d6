/**
 * The embedded database's statements, prepared once. PGlite's own `query()` sends parse,
 * describe, bind, describe, execute and sync as six calls into WebAssembly and plans the statement
 * again each time: a one-row session lookup took 1.4 ms that way against 0.1 ms as a named statement
 * bound and executed in one call. This façade is what drizzle gets as its PGlite client: each distinct
 * statement text is parsed and described once under a name (at most MAX_STATEMENTS, least recently
 * used closed first), then run with one bind/describe/execute/sync message.
 *
 * Queries queue, they never time out: every call takes PGlite's two locks in the order its own
 * `query()` takes them (transaction, then query), and those locks serve waiters first come, first
 * served. A statement never runs inside another caller's transaction; a transaction's own statements are
 * prepared the same way, under the query lock only (its caller holds the transaction's).
 */
import {
  type PGlite,
  parse,
  protocol,
  type QueryOptions,
  type Results,
  type Transaction,
} from '@electric-sql/pglite'

// Distinct statement texts the app runs: a few hundred. Lists of varying length (`in (...)` with 1 to
// 1,000 ids) make more; those age out instead of growing the backend's memory without end.
const MAX_STATEMENTS = 500

// Only these are prepared: DDL, SET, LISTEN and transaction control keep PGlite's unnamed path.
const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i

// 26000: the named statement is gone (DISCARD/DEALLOCATE ran); 0A000: "cached plan must not change
// result type" (a table it reads changed shape). Either way the statement is prepared again, once.
const STALE_STATEMENT = new Set(['26000', '0A000'])

interface Prepared {
  name: string
  /** The parameter types the server inferred, which pick each value's serializer. */
  paramTypes: number[]
}

type Serializer = (value: unknown) => string

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((length, part) => length + part.length, 0))
  let offset = 0
  for (const part of parts) {
    out.set(part, offset)
    offset += part.length
  }
  return out
}

const errorCode = (error: unknown) =>
  typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : undefined

/** What drizzle's PGlite session calls on its client: `query` and `transaction`. */
export interface PgliteStatements {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>
  transaction: PGlite['transaction']
}

export function pgliteStatements(client: PGlite): PgliteStatements {
  const statements = new Map<string, Prepared>()
  let counter = 0
  const serializers = client.serializers as Record<number, Serializer | undefined>

  const exec = async (message: Uint8Array) => (await client.execProtocol(message)).messages

  type Parsers = PGlite['parsers']
  // drizzle gives each statement its own options object with a few parser overrides; copying the
  // client's hundreds of parsers for each statement was a hot spot of a raid's intake. The overrides
  // sit on an object whose prototype is the client's parsers: parseResults reads them by key.
  const parsersFor = (options: QueryOptions | undefined): Parsers =>
    options?.parsers
      ? (Object.assign(Object.create(client.parsers) as Parsers, options.parsers) as Parsers)
      : client.parsers

  async function prepare(text: string): Promise<Prepared> {
    const known = statements.get(text)
    if (known) {
      // Most recently used last: the Map's order is the eviction order.
      statements.delete(text)
      statements.set(text, known)
      return known
    }
    if (statements.size >= MAX_STATEMENTS) {
      const [oldestText, oldest] = statements.entries().next().value as [string, Prepared]
      statements.delete(oldestText)
      await exec(
        concat([protocol.serialize.close({ type: 'S', name: oldest.name }), protocol.serialize.sync()]),
      )
    }
    counter += 1
    const name = `sd_${counter}`
    const described = await exec(
      concat([
        protocol.serialize.parse({ name, text }),
        protocol.serialize.describe({ type: 'S', name }),
        protocol.serialize.sync(),
      ]),
    )
    const prepared = { name, paramTypes: parse.parseDescribeStatementResults(described) }
    statements.set(text, prepared)
    return prepared
  }

  async function run<T>(text: string, params: unknown[], options: QueryOptions | undefined) {
    const prepared = await prepare(text)
    // As PGlite's own query(): null stays null, a type's serializer when it has one, else toString().
    const values = params.map((value, index) => {
      if (value === null || value === undefined) return null
      const type = prepared.paramTypes[index] ?? -1
      const serialize = (options?.serializers?.[type] as Serializer | undefined) ?? serializers[type]
      return serialize ? serialize(value) : String(value)
    })
    const messages = await exec(
      concat([
        protocol.serialize.bind({ statement: prepared.name, values }),
        protocol.serialize.describe({ type: 'P' }),
        protocol.serialize.execute({}),
        protocol.serialize.sync(),
      ]),
    )
    return parse.parseResults(messages, parsersFor(options), { rowMode: options?.rowMode })[0] as Results<T>
  }

  const preparable = (text: string, options: QueryOptions | undefined) =>
    PREPARABLE.test(text) && !options?.blob && !options?.paramTypes

  async function runOnce<T>(text: string, params: unknown[], options: QueryOptions | undefined) {
    try {
      return await run<T>(text, params, options)
    } catch (error) {
      if (!STALE_STATEMENT.has(errorCode(error) ?? '')) throw error
      statements.delete(text)
      return run<T>(text, params, options)
    }
  }

  /**
   * A transaction's statements take the prepared path too (a settled batch of clicks runs a dozen of
   * them): inside the transaction's lock, only the query lock is taken, as PGlite's own does.
   */
  const preparedIn = (tx: Transaction): Transaction => ({
    query<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
      if (tx.closed) return Promise.reject(new Error('Transaction is closed'))
      if (!preparable(text, options)) return tx.query<T>(text, params, options)
      return client._runExclusiveQuery(() => runOnce<T>(text, params, options))
    },
    sql: (strings, ...params) => tx.sql(strings, ...params),
    exec: (text, options) => tx.exec(text, options),
    rollback: () => tx.rollback(),
    listen: (channel, callback) => tx.listen(channel, callback),
    get closed() {
      return tx.closed
    },
  })

  return {
    query<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
      if (!preparable(text, options)) return client.query<T>(text, params, options)
      return client._runExclusiveTransaction(() =>
        client._runExclusiveQuery(() => runOnce<T>(text, params, options)),
      )
    },
    transaction: (callback) => client.transaction((tx) => callback(preparedIn(tx))),
  }
}
