/**
 * The ledger of one calendar month, as the monthly statement prints it: the balance before the month,
 * and the month's entries grouped like the history (a deal's earnings of the month make one line, its
 * refused earnings another; payouts, returned payouts and adjustments one line each), in the order
 * they were first written. Month bounds are midnights in the reader's time zone.
 */
import { sql } from 'drizzle-orm'
import type { Executor } from '#server/db/client.ts'
import { deals, ledgerEntries, missions, users, wallets } from '#server/db/schema.ts'
import type { SupportedLocale } from '#server/http/locale.ts'
import type { TransactionKind } from '#shared/contract/wallet.ts'

export interface StatementLine {
  kind: TransactionKind
  amountCents: number
  /** The first and last entry of the line (equal for a single entry). */
  firstAt: Date
  lastAt: Date
  /** The first entry's description, as the server or the operator wrote it. */
  description: string
  deal: { code: string; title: string } | null
}

export interface StatementLedger {
  /** When the user's account was made: no statement is for a month before. */
  accountCreatedAt: Date
  openingCents: number
  lines: StatementLine[]
}

interface LineRow extends Record<string, unknown> {
  kind: TransactionKind
  amount: string | number
  first_at: string | Date
  last_at: string | Date
  description: string
  deal_code: string | null
  title: string | null
}

/** `month` is YYYY-MM (validated by the contract), `tz` an IANA zone. Null when the user is unknown. */
export async function readStatementLedger(
  db: Executor,
  query: { userId: string; month: string; tz: string; locale: SupportedLocale },
): Promise<StatementLedger | null> {
  const start = sql`((${`${query.month}-01`}::date)::timestamp at time zone ${query.tz})`
  const end = sql`((${`${query.month}-01`}::date + interval '1 month')::timestamp at time zone ${query.tz})`
  const wallet = sql`(select ${wallets.id} from ${wallets} where ${wallets.userId} = ${query.userId})`
  const { rows: heads } = await db.execute<{ created_at: string | Date; opening: string | number }>(sql`
    select u.created_at,
      coalesce((select sum(e.amount_cents) from ${ledgerEntries} e
        where e.wallet_id = ${wallet} and e.created_at < ${start}), 0) as opening
    from ${users} u where u.id = ${query.userId}`)
  const head = heads[0]
  if (!head) return null
  const { rows } = await db.execute<LineRow>(sql`
    with month as (
      select g.kind, g.ref, min(g.seq) as first_seq, sum(g.amount_cents) as amount,
        min(g.created_at) as first_at, max(g.created_at) as last_at,
        (array_agg(g.deal_id))[1] as deal_id,
        (array_agg(g.description order by g.seq))[1] as description
      from (
        select e.kind, e.seq, e.amount_cents, e.created_at, e.deal_id, e.description,
          case when e.kind in ('earning', 'earning_reversal') and e.deal_id is not null
            then e.deal_id else e.id end as ref
        from ${ledgerEntries} e
        where e.wallet_id = ${wallet} and e.created_at >= ${start} and e.created_at < ${end}
      ) g
      group by g.kind, g.ref
    )
    select month.kind, month.amount, month.first_at, month.last_at, month.description,
      d.code as deal_code, coalesce(m.title ->> ${query.locale}, m.title ->> 'en') as title
    from month
    left join ${deals} d on d.id = month.deal_id
    left join ${missions} m on m.id = d.mission_id
    order by month.first_seq`)
  return {
    accountCreatedAt: new Date(head.created_at),
    openingCents: Number(head.opening),
    lines: rows.map((row) => ({
      kind: row.kind,
      amountCents: Number(row.amount),
      firstAt: new Date(row.first_at),
      lastAt: new Date(row.last_at),
      description: row.description,
      deal: row.deal_code ? { code: row.deal_code, title: row.title ?? row.deal_code } : null,
    })),
  }
}
