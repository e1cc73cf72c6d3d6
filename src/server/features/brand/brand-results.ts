/**
 * A mission's results at a glance: spend against budget, clicks per UTC day with the
 * reasons of the invalid ones, goals reached, and one row per streamer's deal with its flag (the
 * click-burst flag of click-fraud.ts: its earnings stay pending until an admin reviews it).
 * Invalid clicks count their repeats (`occurrences`): one refused visitor's repeats share a row.
 */
import { sql } from 'drizzle-orm'
import type { Executor } from '#server/db/client.ts'
import type { MissionRow } from '#server/db/schema.ts'
import { localized, type SupportedLocale } from '#server/http/locale.ts'
import type { BrandMissionResults, BrandResultDay, BrandStreamerResult } from '#shared/contract/brand.ts'
import type { DealState } from '#shared/contract/deals.ts'
import { remainingOf, spendOfMissions } from './brand-missions-repository'

/** 30 days: a month of a campaign on one chart, today included. */
const RESULT_DAYS = 30
const DAY_MS = 24 * 60 * 60 * 1000

/** The UTC days from `RESULT_DAYS - 1` days ago to today, as YYYY-MM-DD. */
export function resultDays(now: Date): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())
  return Array.from({ length: RESULT_DAYS }, (_, index) =>
    new Date(today - (RESULT_DAYS - 1 - index) * DAY_MS).toISOString().slice(0, 10),
  )
}

interface DayRow extends Record<string, unknown> {
  day: string
  valid: boolean
  reason: string | null
  clicks: string | number
}

async function clickDays(db: Executor, missionId: string, now: Date): Promise<BrandResultDay[]> {
  const days = resultDays(now)
  const from = new Date(`${days[0]}T00:00:00.000Z`)
  const rows = await db.execute<DayRow>(sql`
    select to_char(e.created_at at time zone 'UTC', 'YYYY-MM-DD') as day, e.valid, e.reason,
           sum(e.occurrences) as clicks
    from deal_events e inner join deals d on d.id = e.deal_id
    where d.mission_id = ${missionId} and e.type = 'click' and e.created_at >= ${from.toISOString()}::timestamptz
    group by 1, 2, 3`)
  const byDay = new Map(
    days.map((day) => [day, { day, valid: 0, invalid: 0, reasons: {} } as BrandResultDay]),
  )
  for (const row of rows.rows) {
    const entry = byDay.get(row.day)
    if (!entry) continue
    const clicks = Number(row.clicks)
    if (row.valid) entry.valid += clicks
    else {
      entry.invalid += clicks
      const reason = row.reason ?? 'unknown'
      entry.reasons[reason] = (entry.reasons[reason] ?? 0) + clicks
    }
  }
  return [...byDay.values()]
}

interface StreamerRow extends Record<string, unknown> {
  deal_code: string
  username: string
  state: DealState
  earned_cents: string | number
  flagged: boolean
  review_requested: boolean
  valid_clicks: string | number
  invalid_clicks: string | number
  goal_reached: boolean
}

async function streamerRows(db: Executor, missionId: string): Promise<StreamerRow[]> {
  const result = await db.execute<StreamerRow>(sql`
    select d.code as deal_code, u.username, d.state, d.earned_cents,
           d.flagged_at is not null as flagged,
           exists (select 1 from deal_review_requests r where r.deal_id = d.id) as review_requested,
           coalesce(c.valid_clicks, 0) as valid_clicks, coalesce(c.invalid_clicks, 0) as invalid_clicks,
           coalesce(c.goal_reached, false) as goal_reached
    from deals d
    inner join users u on u.id = d.user_id
    left join lateral (
      select sum(case when e.type = 'click' and e.valid then 1 else 0 end) as valid_clicks,
             sum(case when e.type = 'click' and not e.valid then e.occurrences else 0 end) as invalid_clicks,
             bool_or(e.type = 'goal_reached') as goal_reached
      from deal_events e where e.deal_id = d.id
    ) c on true
    where d.mission_id = ${missionId}
    order by d.earned_cents desc, d.created_at, d.code`)
  return result.rows
}

const toStreamer = (row: StreamerRow): BrandStreamerResult => ({
  dealCode: row.deal_code,
  username: row.username,
  state: row.state,
  validClicks: Number(row.valid_clicks),
  invalidClicks: Number(row.invalid_clicks),
  earnedCents: Number(row.earned_cents),
  flagged: row.flagged,
  reviewRequested: row.review_requested,
})

/** The streamers table alone (the CSV export). */
export async function missionStreamers(db: Executor, missionId: string): Promise<BrandStreamerResult[]> {
  return (await streamerRows(db, missionId)).map(toStreamer)
}

export async function missionResults(
  db: Executor,
  mission: MissionRow,
  locale: SupportedLocale,
  now = new Date(),
): Promise<BrandMissionResults> {
  const [spend, days, rows] = await Promise.all([
    spendOfMissions(db, { missionId: mission.id }),
    clickDays(db, mission.id, now),
    streamerRows(db, mission.id),
  ])
  const spent = spend.get(mission.code)?.spent ?? 0
  const streamers = rows.map(toStreamer)
  return {
    mission: {
      code: mission.code,
      title: localized(mission.title, locale),
      status: mission.status,
      rewardModel: mission.rewardModel,
      rewardCents: mission.rewardCents,
      goal: mission.goal,
      spots: mission.spots,
      budgetCents: mission.budgetCents,
      spentCents: spent,
      remainingCents: remainingOf(mission.budgetCents, spent),
      currency: 'EUR',
    },
    totals: {
      validClicks: streamers.reduce((sum, row) => sum + row.validClicks, 0),
      invalidClicks: streamers.reduce((sum, row) => sum + row.invalidClicks, 0),
      goalsReached: rows.filter((row) => row.goal_reached).length,
      deals: rows.length,
    },
    days,
    streamers,
  }
}
