/** Money at a glance: today's earnings and clicks, the last 30 days, balance and minimum. */
import { sql } from 'drizzle-orm'
import type { Executor } from '#server/db/client.ts'
import { dealEvents, deals, ledgerEntries, wallets } from '#server/db/schema.ts'
import type { EarningsDay, WalletSummary } from '#shared/contract/wallet.ts'

/** 30 days: a month of streams, what the earnings chart shows. */
const SUMMARY_DAYS = 30

interface SummaryRow extends Record<string, unknown> {
  days: Array<{ day: string; earned: number | string; clicks: number | string }>
  balance: number | string | null
  pending: number | string | null
  next_available_at: string | Date | null
  day_ends_at: string | Date
  created: boolean | null
}

/**
 * One statement: the last 30 days of the user's day (`tz`), each with what deals credited net of
 * rejections (adjustments are an operator's corrections, not earnings) and the valid clicks of the
 * user's deals; and the wallet's balance and pending part (held entries whose hold has not ended),
 * zeros while there is no wallet row. Also when the answer turns stale with the clock alone: the next
 * held entry's release, and the end of today in `tz` (the read cache keeps it until the earlier one).
 */
const summaryStatement = (userId: string, tz: string) => sql`
  with span as (
    select (now() at time zone ${tz})::date - ${SUMMARY_DAYS - 1}::int as first_day,
      (now() at time zone ${tz})::date as last_day
  ),
  since as (select (first_day::timestamp at time zone ${tz}) as at from span),
  wallet as (select ${wallets.id} as id, ${wallets.balanceCents} as balance, ${wallets.person} is not null as created
    from ${wallets} where ${wallets.userId} = ${userId}),
  earned as (
    select (e.created_at at time zone ${tz})::date as day, sum(e.amount_cents) as cents
    from ${ledgerEntries} e
    where e.wallet_id = (select id from wallet) and e.kind in ('earning', 'earning_reversal')
      and e.created_at >= (select at from since)
    group by 1
  ),
  clicked as (
    select (c.created_at at time zone ${tz})::date as day, count(*) as clicks
    from ${dealEvents} c
    where c.deal_id in (select ${deals.id} from ${deals} where ${deals.userId} = ${userId})
      and c.type = 'click' and c.valid and c.created_at >= (select at from since)
    group by 1
  )
  select
    (select json_agg(json_build_object('day', to_char(d.day, 'YYYY-MM-DD'),
        'earned', coalesce(earned.cents, 0), 'clicks', coalesce(clicked.clicks, 0)) order by d.day)
      from (select generate_series(first_day, last_day, interval '1 day')::date as day from span) d
      left join earned on earned.day = d.day
      left join clicked on clicked.day = d.day) as days,
    (select balance from wallet) as balance,
    (select coalesce(sum(p.amount_cents), 0) from ${ledgerEntries} p
      where p.wallet_id = (select id from wallet) and p.held and p.available_at > now()) as pending,
    (select min(p.available_at) from ${ledgerEntries} p
      where p.wallet_id = (select id from wallet) and p.held and p.available_at > now()) as next_available_at,
    (select ((last_day + 1)::timestamp at time zone ${tz}) from span) as day_ends_at,
    (select created from wallet) as created`

export async function walletSummary(
  db: Executor,
  userId: string,
  tz: string | undefined,
  minimumCents: number,
): Promise<WalletSummary> {
  const { rows } = await db.execute<SummaryRow>(summaryStatement(userId, tz ?? 'UTC'))
  const row = rows[0]
  const days: EarningsDay[] = (row?.days ?? []).map((day) => ({
    day: day.day,
    earned: { amount: Number(day.earned), currency: 'EUR' },
    clicks: Number(day.clicks),
  }))
  const balance = Number(row?.balance ?? 0)
  const pending = Number(row?.pending ?? 0)
  const today = days.at(-1)
  if (!today) throw new Error('the summary has no day')
  return {
    today,
    days,
    available: { amount: balance - pending, currency: 'EUR' },
    pending: { amount: pending, currency: 'EUR' },
    minimum: { amount: minimumCents, currency: 'EUR' },
    walletCreated: row?.created === true,
    nextAvailableAt: row?.next_available_at ? new Date(row.next_available_at).toISOString() : null,
    dayEndsAt: new Date(row?.day_ends_at ?? Date.now()).toISOString(),
  }
}
