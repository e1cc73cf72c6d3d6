import { and, desc, eq, type SQL, sql } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import type { Executor } from '#server/db/client.ts'
import { isUuid } from '#server/db/ids.ts'
import { preparedPerDatabase } from '#server/db/prepared.ts'
import { deals, ledgerEntries, type PayoutRow, payouts, wallets } from '#server/db/schema.ts'
import { fieldInvalid, notFound } from '#server/http/api-error.ts'
import type { List } from '#shared/contract/common.ts'
import type { Payout, Transaction } from '#shared/contract/wallet.ts'

/** 20: a screenful of transactions; the client asks for more with the cursor. */
const DEFAULT_PAGE_SIZE = 20
const TIMESTAMP_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/

/**
 * Keyset paging, newest first: the cursor is the (created_at, id) of the last row served, kept to the
 * microsecond so rows written in the same millisecond are neither skipped nor repeated.
 */
const exactTimestamp = (column: AnyPgColumn) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`

const encodeCursor = (timestamp: string, id: string) =>
  Buffer.from(JSON.stringify([timestamp, id])).toString('base64url')

function decodeCursor(cursor: string): [string, string] {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'))
    if (
      Array.isArray(value) &&
      typeof value[0] === 'string' &&
      typeof value[1] === 'string' &&
      TIMESTAMP_PATTERN.test(value[0]) &&
      isUuid(value[1])
    ) {
      return [value[0], value[1]]
    }
  } catch {
    // Falls through to the form error: a cursor is opaque, a broken one is the client's mistake.
  }
  throw fieldInvalid('cursor', 'validation.invalid')
}

function afterCursor(createdAt: AnyPgColumn, id: AnyPgColumn, cursor: string | undefined): SQL | undefined {
  if (!cursor) return undefined
  const [timestamp, lastId] = decodeCursor(cursor)
  return sql`(${createdAt}, ${id}) < (${timestamp}::timestamptz, ${lastId}::uuid)`
}

export interface Page {
  cursor?: string
  limit?: number
}

/**
 * A page of a user's ledger, newest first, and the count of all its entries (kept on the wallet row),
 * in one statement read off the (wallet, created_at, id) index: what the transactions page loads on
 * every visit. No wallet, or no entry, is an empty page.
 */
const ownersWallet = (column: AnyPgColumn) =>
  sql`(select ${column} from ${wallets} where ${wallets.userId} = ${sql.placeholder('userId')})`

// Nested `sql`: its columns stay qualified (drizzle strips table names from a one-table select's
// own fields, and `id` would then be the deal's where the entry's is meant).
const dealCodeOfEntry = () =>
  sql`select ${deals.code} from ${deals} where ${deals.id} = ${ledgerEntries.dealId}`

// One table, the wallet looked up once (a sub-select) and each deal code only for the rows served:
// the page is an ordered scan of the (wallet, created_at, id) index that stops after `limit` entries,
// where a join made the planner read and sort the whole ledger.
const ledgerPage = (db: Executor, afterCursor: SQL | undefined) =>
  db
    .select({
      entry: ledgerEntries,
      dealCode: sql<string | null>`(${dealCodeOfEntry()})`,
      at: exactTimestamp(ledgerEntries.createdAt),
      total: sql<number>`${ownersWallet(wallets.ledgerEntryCount)}`.mapWith(Number),
    })
    .from(ledgerEntries)
    .where(and(sql`${ledgerEntries.walletId} = ${ownersWallet(wallets.id)}`, afterCursor))
    .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id))
    .limit(sql.placeholder('limit'))

const firstLedgerPage = preparedPerDatabase((db) => ledgerPage(db, undefined).prepare('ledger_first_page'))
const nextLedgerPage = preparedPerDatabase((db) =>
  ledgerPage(
    db,
    sql`(${ledgerEntries.createdAt}, ${ledgerEntries.id}) < (${sql.placeholder('cursorAt')}::timestamptz, ${sql.placeholder('cursorId')}::uuid)`,
  ).prepare('ledger_next_page'),
)

export async function listUserTransactions(
  db: Executor,
  userId: string,
  page: Page,
): Promise<List<Transaction>> {
  const limit = page.limit ?? DEFAULT_PAGE_SIZE
  const cursor = page.cursor ? decodeCursor(page.cursor) : undefined
  const rows = cursor
    ? await nextLedgerPage(db).execute({ userId, limit: limit + 1, cursorAt: cursor[0], cursorId: cursor[1] })
    : await firstLedgerPage(db).execute({ userId, limit: limit + 1 })
  const items = rows.slice(0, limit)
  const last = items.at(-1)
  return {
    items: items.map(({ entry, dealCode }) => transactionView(entry, dealCode)),
    total: rows[0]?.total ?? 0,
    ...(rows.length > limit && last ? { nextCursor: encodeCursor(last.at, last.entry.id) } : {}),
  }
}

export async function getTransaction(db: Executor, walletId: string, id: string): Promise<Transaction> {
  if (!isUuid(id)) throw notFound('No such transaction')
  const [row] = await db
    .select({ entry: ledgerEntries, dealCode: deals.code })
    .from(ledgerEntries)
    .leftJoin(deals, eq(deals.id, ledgerEntries.dealId))
    .where(and(eq(ledgerEntries.walletId, walletId), eq(ledgerEntries.id, id)))
    .limit(1)
  if (!row) throw notFound('No such transaction')
  return transactionView(row.entry, row.dealCode)
}

export function transactionView(
  entry: typeof ledgerEntries.$inferSelect,
  dealCode: string | null,
): Transaction {
  return {
    id: entry.id,
    kind: entry.kind,
    amount: { amount: entry.amountCents, currency: 'EUR' },
    description: entry.description,
    dealCode,
    payoutId: entry.payoutId,
    createdAt: entry.createdAt.toISOString(),
  }
}

export function payoutView(row: PayoutRow): Payout {
  return {
    id: row.id,
    amount: { amount: row.amountCents, currency: 'EUR' },
    status: row.status,
    bankAccountId: row.bankAccountId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

export async function listPayouts(db: Executor, walletId: string, page: Page): Promise<List<Payout>> {
  const limit = page.limit ?? DEFAULT_PAGE_SIZE
  const rows = await db
    .select({ payout: payouts, at: exactTimestamp(payouts.createdAt) })
    .from(payouts)
    .where(and(eq(payouts.walletId, walletId), afterCursor(payouts.createdAt, payouts.id, page.cursor)))
    .orderBy(desc(payouts.createdAt), desc(payouts.id))
    .limit(limit + 1)
  const items = rows.slice(0, limit)
  const last = items.at(-1)
  return {
    items: items.map(({ payout }) => payoutView(payout)),
    ...(rows.length > limit && last ? { nextCursor: encodeCursor(last.at, last.payout.id) } : {}),
  }
}
