/** A deal's clicks per day, for the events chart: valid ones and refused ones. */
import { sql } from 'drizzle-orm'
import type { Executor } from '#server/db/client.ts'
import { dealEvents } from '#server/db/schema.ts'
import type { DealStats } from '#shared/contract/deals.ts'

/** 90 days: a long mission's whole run, a bounded answer for a deal left running for years. */
const MAX_DAYS = 90

/**
 * One statement: every day of the user's day (`tz`) from the deal's start (or 90 days ago) to today,
 * with its valid clicks and its invalid ones (a refused visitor's repeats are counted on one row:
 * `occurrences` says how many).
 */
export async function dealClickDays(
  db: Executor,
  deal: { id: string; createdAt: Date },
  tz: string | undefined,
): Promise<DealStats> {
  const zone = tz ?? 'UTC'
  const { rows } = await db.execute<{ day: string; valid: string | number; invalid: string | number }>(sql`
    with span as (
      select greatest((${deal.createdAt.toISOString()}::timestamptz at time zone ${zone})::date,
          (now() at time zone ${zone})::date - ${MAX_DAYS - 1}::int) as first_day,
        (now() at time zone ${zone})::date as last_day
    ),
    counted as (
      select (c.created_at at time zone ${zone})::date as day,
        count(*) filter (where c.valid) as valid,
        coalesce(sum(c.occurrences) filter (where not c.valid), 0) as invalid
      from ${dealEvents} c
      where c.deal_id = ${deal.id} and c.type = 'click'
        and c.created_at >= ((select first_day from span)::timestamp at time zone ${zone})
      group by 1
    )
    select to_char(d.day, 'YYYY-MM-DD') as day, coalesce(counted.valid, 0) as valid,
      coalesce(counted.invalid, 0) as invalid
    from (select generate_series(first_day, last_day, interval '1 day')::date as day from span) d
    left join counted on counted.day = d.day
    order by d.day`)
  return {
    days: rows.map((row) => ({ day: row.day, valid: Number(row.valid), invalid: Number(row.invalid) })),
  }
}
