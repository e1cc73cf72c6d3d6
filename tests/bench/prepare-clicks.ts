/**
 * The click bench's database (bundled by the bench, run as a child, never while the server runs: the
 * embedded database has one process at a time). `prepare`: migrates and seeds, then one cpc mission
 * with the budget for every deal's goal and BENCH_CLICK_STREAMERS streamers who took it; prints
 * `{ mission, usernames, goal, rewardCents, budgetCents }`. `check` (BENCH_CLICKS_MODE=check): the money after the burst; prints
 * click, credit, goal and budget figures as JSON.
 */
import { randomBytes } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { openDatabase } from '#server/db/client.ts'
import { missions, providers, users } from '#server/db/schema.ts'
import { seedDemo } from '#server/db/seed.ts'

const MISSION = 'bench-clicks'
const streamers = Number(process.env.BENCH_CLICK_STREAMERS ?? 40)
// 1,000 clicks a deal: a burst of 10,000 spread over 40 deals (250 each) stays under every goal, so
// each tap meets the full set of rules instead of a cheap "deal finished" refusal.
const goal = Number(process.env.BENCH_CLICK_GOAL ?? 1000)
// 5 cents: a usual cost per click; the budget covers every deal reaching its goal.
const REWARD_CENTS = 5

const opened = await openDatabase({
  dataDir: process.env.DATA_DIR ?? 'data',
  databaseUrl: process.env.DATABASE_URL || undefined,
})
const { db } = opened
const rows = async <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) =>
  (await db.execute<T>(query)).rows

async function prepare() {
  await seedDemo(db)
  const [provider] = await db.select({ id: providers.id }).from(providers).limit(1)
  if (!provider) throw new Error('no provider: the demo seed did not run')
  const budgetCents = streamers * goal * REWARD_CENTS
  await db.insert(missions).values({
    code: MISSION,
    providerId: provider.id,
    title: { en: 'Click bench' },
    description: { en: 'A mission for the click benchmark.' },
    tips: { en: 'Share the link.' },
    integration: { type: 'MIXTE', parameters: { URL: 'https://brand.example/go?ref=%username%' } },
    rewardModel: 'cpc',
    rewardCents: REWARD_CENTS,
    goal,
    spots: streamers,
    budgetCents,
    startsAt: new Date(Date.now() - 86_400_000),
    endsAt: null,
    status: 'published',
  })
  const usernames = Array.from(
    { length: streamers },
    (_, i) => `clicker_${i}_${randomBytes(2).toString('hex')}`,
  )
  await db.insert(users).values(
    usernames.map((username) => ({
      username,
      email: `${username}@example.test`,
      passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$unused$unused',
      creatorCode: username.toUpperCase(),
    })),
  )
  await db.execute(sql`
    insert into deals (code, user_id, mission_id, state, widget_token)
    select 'CLK' || row_number() over (order by u.username), u.id, m.id, 'inprogress', md5(random()::text || u.id::text)
    from users u, missions m where m.code = ${MISSION} and u.username like 'clicker\\_%'`)
  await db.execute(sql`analyze`)
  return { mission: MISSION, usernames, goal, rewardCents: REWARD_CENTS, budgetCents }
}

async function check() {
  const [money] = await rows<Record<string, number | string | null>>(sql`
    with m as (select id, goal, budget_cents, reward_cents from missions where code = ${MISSION}),
    d as (select deals.* from deals, m where deals.mission_id = m.id),
    e as (select dev.* from deal_events dev where dev.deal_id in (select id from d))
    select
      (select count(*) from e where type = 'click' and valid) as valid_clicks,
      (select coalesce(sum(occurrences), 0) from e where type = 'click' and not valid) as invalid_clicks,
      (select count(*) from (select 1 from e where type = 'click' and valid
        group by deal_id, visitor_hash having count(*) > 1) twice) as visitors_credited_twice,
      (select count(*) from d, m where d.progress > m.goal) as deals_over_goal,
      (select max(progress) from d) as top_progress,
      (select goal from m) as goal,
      (select coalesce(sum(amount_cents), 0) from ledger_entries
        where kind = 'earning' and deal_id in (select id from d)) as credited_cents,
      (select coalesce(sum(earned_cents), 0) from d) as earned_cents,
      (select reward_cents from m) as reward_cents,
      (select budget_cents from m) as budget_cents`)
  const figures = Object.fromEntries(Object.entries(money ?? {}).map(([key, value]) => [key, Number(value)]))
  const reasons = await rows<{ reason: string; n: number | string }>(sql`
    select reason, sum(occurrences) as n from deal_events
    where type = 'click' and not valid and deal_id in
      (select deals.id from deals join missions on missions.id = deals.mission_id where missions.code = ${MISSION})
    group by reason order by reason`)
  const over = Math.max(0, (figures.credited_cents ?? 0) - (figures.budget_cents ?? 0))
  return {
    ...figures,
    over_budget_cents: over,
    invalid_by_reason: Object.fromEntries(reasons.map((row) => [row.reason, Number(row.n)])),
  }
}

const mode = process.env.BENCH_CLICKS_MODE ?? 'prepare'
const result = mode === 'check' ? await check() : await prepare()
process.stdout.write(`${JSON.stringify(result)}\n`)
await opened.close()
