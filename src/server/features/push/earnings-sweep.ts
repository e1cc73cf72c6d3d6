/**
 * "Earnings available": an earning's hold ends with time (EARNINGS_HOLD_HOURS), not with a write,
 * so no transaction can queue its notification. A sweep on every node finds the entries whose hold
 * ended, records each in push_earnings_notified and queues one notification per user with their
 * sum, all in one statement: the primary key makes a second node's claim of the same entry a no-op
 * (it waits for the first node's insert, then conflicts), so each entry is announced once.
 */
import { sql } from 'drizzle-orm'
import type { Database } from '#server/db/client.ts'
import { ledgerEntries, pushEarningsNotified, pushOutbox, wallets } from '#server/db/schema.ts'

// One day back: the sweep runs every few minutes, so a day covers any downtime worth covering,
// keeps each sweep's scan short, and after a first deploy announces a day of earnings, not years.
const WINDOW = '1 day'
// 1,000 entries a sweep: a backlog is worked off over a few sweeps without a long statement.
const SWEEP_BATCH = 1000

/** One sweep; answers how many notifications it queued. */
export async function sweepAvailableEarnings(db: Database): Promise<number> {
  const { rows } = await db.execute(sql`
    with due as (
      select e.id, e.amount_cents, w.user_id
      from ${ledgerEntries} e join ${wallets} w on w.id = e.wallet_id
      where e.available_at is not null and e.available_at <= now()
        and e.available_at > now() - interval '${sql.raw(WINDOW)}'
        and e.rejected_at is null and e.amount_cents > 0
        and not exists (select 1 from ${pushEarningsNotified} n where n.entry_id = e.id)
      order by e.available_at limit ${SWEEP_BATCH}
    ), claimed as (
      insert into ${pushEarningsNotified} (entry_id) select id from due
      on conflict do nothing returning entry_id
    )
    insert into ${pushOutbox} (user_id, kind, payload)
    select due.user_id, 'earnings_available', jsonb_build_object('amountCents', sum(due.amount_cents))
    from due join claimed on claimed.entry_id = due.id
    group by due.user_id
    returning id`)
  // Entries past the window are never looked at again: their marks can go.
  await db.execute(
    sql`delete from ${pushEarningsNotified} where notified_at < now() - interval '${sql.raw(WINDOW)}' - interval '1 day'`,
  )
  return rows.length
}
