/**
 * The wallet's history as the streamer reads it: the ledger grouped per kind, deal and day
 * in SQL, one statement a page, paged by keyset (its CSV export is activity-csv.ts).
 */
import { type SQL, sql } from 'drizzle-orm'
import type { Executor } from '#server/db/client.ts'
import { deals, ledgerEntries, missions, wallets } from '#server/db/schema.ts'
import { fieldInvalid } from '#server/http/api-error.ts'
import type { SupportedLocale } from '#server/http/locale.ts'
import type { List } from '#shared/contract/common.ts'
import type { ActivityRow, TransactionKind } from '#shared/contract/wallet.ts'

/** 20: a screenful of rows; "Load more" asks for the next page with the cursor. */
const DEFAULT_PAGE_SIZE = 20
const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/

export interface ActivityFilter {
  userId: string
  kind?: TransactionKind | undefined
  /** The IANA zone of the user's day (validated by the contract); UTC when the client sent none. */
  tz?: string | undefined
  locale: SupportedLocale
}

/**
 * The cursor is the (day, first entry's seq) of the last row served. A row's key never changes: new
 * entries are written today with a larger seq, so they join a row already served (on the first page)
 * or start a new one that sorts before every cursor. A page after the cursor therefore never repeats
 * nor skips a row, however many clicks arrive between pages (an offset would shift by each new row).
 */
const encodeCursor = (day: string, firstSeq: number) =>
  Buffer.from(JSON.stringify([day, firstSeq])).toString('base64url')

function decodeCursor(cursor: string): [string, number] {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'))
    if (
      Array.isArray(value) &&
      typeof value[0] === 'string' &&
      DAY_PATTERN.test(value[0]) &&
      Number.isSafeInteger(value[1]) &&
      (value[1] as number) > 0
    ) {
      return [value[0], value[1] as number]
    }
  } catch {
    // Falls through to the form error: a cursor is opaque, a broken one is the client's mistake.
  }
  throw fieldInvalid('cursor', 'validation.invalid')
}

interface GroupRow extends Record<string, unknown> {
  day: string
  kind: TransactionKind
  ref: string
  first_seq: string | number
  count: string | number
  amount: string | number
  description: string
  last_at: string | Date
  deal_code: string | null
  title: string | null
}

/**
 * One page of rows, newest day first, then the row begun last. Click earnings of one deal on one day
 * (and their reversals) share a row; payouts and adjustments are one row each (their own id as key).
 * The cursor's day bounds the scan by time (the (wallet, created_at, id) index), the rest is a
 * HAVING on the row's key.
 */
function groupPage(filter: ActivityFilter, limit: number, cursor: [string, number] | undefined): SQL {
  const tz = filter.tz ?? 'UTC'
  const conditions: SQL[] = [
    sql`e.wallet_id = (select ${wallets.id} from ${wallets} where ${wallets.userId} = ${filter.userId})`,
  ]
  if (filter.kind) conditions.push(sql`e.kind = ${filter.kind}`)
  if (cursor) conditions.push(sql`e.created_at < ((${cursor[0]}::date + 1)::timestamp at time zone ${tz})`)
  const having = cursor ? sql`having (g.day, min(g.seq)) < (${cursor[0]}::date, ${cursor[1]}::bigint)` : sql``
  return sql`
    with page as (
      select g.day, g.kind, g.ref, min(g.seq) as first_seq, count(*) as count,
        sum(g.amount_cents) as amount, max(g.created_at) as last_at,
        (array_agg(g.deal_id))[1] as deal_id,
        (array_agg(g.description order by g.seq))[1] as description
      from (
        select (e.created_at at time zone ${tz})::date as day, e.kind, e.seq, e.amount_cents, e.created_at,
          e.deal_id, e.description,
          case when e.kind in ('earning', 'earning_reversal') and e.deal_id is not null
            then e.deal_id else e.id end as ref
        from ${ledgerEntries} e
        where ${sql.join(conditions, sql` and `)}
      ) g
      group by g.day, g.kind, g.ref
      ${having}
      order by g.day desc, first_seq desc
      limit ${limit}
    )
    select to_char(page.day, 'YYYY-MM-DD') as day, page.kind, page.ref::text as ref, page.first_seq,
      page.count, page.amount, page.description, page.last_at,
      d.code as deal_code, m.code as mission_code,
      coalesce(m.title ->> ${filter.locale}, m.title ->> 'en') as title
    from page
    left join ${deals} d on d.id = page.deal_id
    left join ${missions} m on m.id = d.mission_id
    order by page.day desc, page.first_seq desc`
}

function rowView(row: GroupRow & { mission_code: string | null }): ActivityRow {
  return {
    id: `${row.day}:${row.kind}:${row.ref}`,
    day: row.day,
    kind: row.kind,
    count: Number(row.count),
    amount: { amount: Number(row.amount), currency: 'EUR' },
    deal: row.mission_code && row.title ? { code: row.mission_code, title: row.title } : null,
    description: row.description,
    lastAt: new Date(row.last_at).toISOString(),
  }
}

export async function readPage(
  db: Executor,
  filter: ActivityFilter,
  limit: number,
  cursor: [string, number] | undefined,
): Promise<{ items: ActivityRow[]; next?: [string, number] }> {
  const { rows } = await db.execute<GroupRow & { mission_code: string | null }>(
    groupPage(filter, limit + 1, cursor),
  )
  const served = rows.slice(0, limit)
  const last = served.at(-1)
  return {
    items: served.map(rowView),
    ...(rows.length > limit && last ? { next: [last.day, Number(last.first_seq)] } : {}),
  }
}

/** A page of the grouped history; `nextCursor` when there is more. */
export async function listActivity(
  db: Executor,
  filter: ActivityFilter,
  page: { cursor?: string | undefined; limit?: number | undefined },
): Promise<List<ActivityRow>> {
  const cursor = page.cursor ? decodeCursor(page.cursor) : undefined
  const { items, next } = await readPage(db, filter, page.limit ?? DEFAULT_PAGE_SIZE, cursor)
  return { items, ...(next ? { nextCursor: encodeCursor(next[0], next[1]) } : {}) }
}
