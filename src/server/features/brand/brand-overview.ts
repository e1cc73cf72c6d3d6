/**
 * The overview across a brand's missions: spend (what its deals were credited, by the day of the
 * credit), valid and refused clicks per UTC day over a range of days, and each mission's forecast:
 * at the pace of the last 24 hours, when its remaining budget runs out.
 */
import { sql } from 'drizzle-orm'
import type { Executor } from '#server/db/client.ts'
import { fieldInvalid } from '#server/http/api-error.ts'
import { localized, type SupportedLocale } from '#server/http/locale.ts'
import type { BrandOverview, BrandOverviewDay, BrandOverviewQuery } from '#shared/contract/brand-portal.ts'
import { listBrandMissions } from './brand-missions-repository'

const DAY_MS = 24 * 60 * 60 * 1000
/** 30 days when no range is given: a month of campaigns on one chart, today included. */
const DEFAULT_DAYS = 30
/** A year and a day at most: a chart of more days would be bars too thin to read. */
const MAX_DAYS = 367

const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10)
const startOf = (day: string) => Date.parse(`${day}T00:00:00.000Z`)

/** The range asked for, checked: real days, `from` not after `to`, at most a year. */
function overviewRange(query: BrandOverviewQuery, now = new Date()): { from: string; to: string } {
  const to = query.to ?? dayOf(now.getTime())
  const from = query.from ?? dayOf(startOf(to) - (DEFAULT_DAYS - 1) * DAY_MS)
  if (Number.isNaN(startOf(to)) || dayOf(startOf(to)) !== to) throw fieldInvalid('to', 'validation.date')
  if (Number.isNaN(startOf(from)) || dayOf(startOf(from)) !== from)
    throw fieldInvalid('from', 'validation.date')
  if (startOf(from) > startOf(to)) throw fieldInvalid('from', 'overview.from_after_to')
  if ((startOf(to) - startOf(from)) / DAY_MS + 1 > MAX_DAYS)
    throw fieldInvalid('from', 'overview.range_too_long')
  return { from, to }
}

interface Row extends Record<string, unknown> {
  key: string
  spent: string | number | null
  valid: string | number | null
  refused: string | number | null
}

/** Sums of the provider's click events grouped by `key` (a day, or a mission's code) between two instants. */
function sums(db: Executor, providerId: string, key: 'day' | 'mission', from: Date, until: Date) {
  const keyColumn = key === 'day' ? sql`to_char(e.created_at at time zone 'UTC', 'YYYY-MM-DD')` : sql`m.code`
  return db.execute<Row>(sql`
    select ${keyColumn} as key,
           sum(case when e.valid then coalesce(e.amount_cents, 0) else 0 end) as spent,
           sum(case when e.type = 'click' and e.valid then 1 else 0 end) as valid,
           sum(case when e.type = 'click' and not e.valid then e.occurrences else 0 end) as refused
    from deal_events e
    inner join deals d on d.id = e.deal_id
    inner join missions m on m.id = d.mission_id
    where m.provider_id = ${providerId}
      and e.created_at >= ${from.toISOString()}::timestamptz and e.created_at < ${until.toISOString()}::timestamptz
    group by 1`)
}

const figures = (row: Row | undefined) => ({
  spentCents: Number(row?.spent ?? 0),
  valid: Number(row?.valid ?? 0),
  refused: Number(row?.refused ?? 0),
})

/** When `remaining` is gone at `perDay` cents a day; null when nothing is spent or nothing caps it. */
export function runsOutAt(remaining: number | null, perDay: number, now: Date): string | null {
  if (remaining === null || perDay <= 0) return null
  return new Date(now.getTime() + Math.round((remaining / perDay) * DAY_MS)).toISOString()
}

export async function brandOverview(
  db: Executor,
  input: {
    providerId: string
    query: BrandOverviewQuery
    locale: SupportedLocale
    now?: Date
  },
): Promise<BrandOverview> {
  const now = input.now ?? new Date()
  const { from, to } = overviewRange(input.query, now)
  const start = new Date(startOf(from))
  const end = new Date(startOf(to) + DAY_MS)
  const [byDay, byMission, lastDay, missions] = await Promise.all([
    sums(db, input.providerId, 'day', start, end),
    sums(db, input.providerId, 'mission', start, end),
    sums(db, input.providerId, 'mission', new Date(now.getTime() - DAY_MS), now),
    listBrandMissions(db, input.providerId),
  ])
  const dayRows = new Map(byDay.rows.map((row) => [row.key, row]))
  const days: BrandOverviewDay[] = []
  for (let time = start.getTime(); time < end.getTime(); time += DAY_MS) {
    const day = dayOf(time)
    days.push({ day, ...figures(dayRows.get(day)) })
  }
  const missionRows = new Map(byMission.rows.map((row) => [row.key, row]))
  const paceRows = new Map(lastDay.rows.map((row) => [row.key, row]))
  const totals = days.reduce(
    (sum, day) => ({
      spentCents: sum.spentCents + day.spentCents,
      valid: sum.valid + day.valid,
      refused: sum.refused + day.refused,
    }),
    { spentCents: 0, valid: 0, refused: 0 },
  )
  return {
    from,
    to,
    totals: {
      ...totals,
      costPerValidCents: totals.valid > 0 ? Math.round(totals.spentCents / totals.valid) : null,
    },
    days,
    missions: missions.map((mission) => {
      const lastDayCents = figures(paceRows.get(mission.code)).spentCents
      // Only a running mission spends on: a paused, closed or draft one's budget waits.
      const running = mission.status === 'published'
      return {
        code: mission.code,
        title: localized(mission.title, input.locale),
        status: mission.status,
        ...figures(missionRows.get(mission.code)),
        budgetCents: mission.budget,
        remainingCents: mission.remaining,
        lastDayCents,
        runsOutAt:
          running && mission.remaining !== 0 ? runsOutAt(mission.remaining, lastDayCents, now) : null,
      }
    }),
  }
}
