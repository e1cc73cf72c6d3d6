/**
 * Bench database preparation (bundled by the bench, run as a child): migrates and seeds the database,
 * brings the published missions up to the wanted count by cloning the demo ones, and creates a bench
 * user with a session. Prints `{ id, username, token, missions }` as JSON.
 */
import { randomBytes } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { openDatabase } from '#server/db/client.ts'
import { users } from '#server/db/schema.ts'
import { seedDemo } from '#server/db/seed.ts'
import { createSession } from '#server/features/auth/sessions.ts'

const wanted = Number(process.env.BENCH_MISSIONS ?? 50)
// A busy streamer's history: a dozen deals across the three states.
const USER_DEALS = 12
const opened = await openDatabase({
  dataDir: process.env.DATA_DIR ?? 'data',
  databaseUrl: process.env.DATABASE_URL || undefined,
})
const { db } = opened
await seedDemo(db)
const count = async () =>
  Number(
    (await db.execute<{ n: number }>(sql`select count(*)::int as n from missions where status = 'published'`))
      .rows[0]?.n ?? 0,
  )
let copy = 0
while ((await count()) < wanted) {
  copy += 1
  const missing = wanted - (await count())
  await db.execute(sql`
    insert into missions (code, provider_id, title, description, tips, thumbnail, integration, reward_model,
      reward_cents, currency, goal, spots, budget_cents, starts_at, ends_at, status)
    select code || '-B' || ${copy}, provider_id, title, description, tips, thumbnail, integration, reward_model,
      reward_cents, currency, goal, spots, budget_cents, starts_at, ends_at, status
    from missions where status = 'published' and code not like '%-B%' order by code limit ${missing}`)
}
const username = `bench_${randomBytes(3).toString('hex')}`
const [user] = await db
  .insert(users)
  .values({
    username,
    email: `${username}@example.test`,
    passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$unused$unused',
    creatorCode: username.toUpperCase(),
  })
  .returning({ id: users.id })
if (!user) throw new Error('bench user insert returned no row')
// Deals for the bench user, so the authenticated list has rows to load and serialize.
await db.execute(sql`
  insert into deals (code, user_id, mission_id, state, widget_token)
  select 'BENCH' || row_number() over (order by code), ${user.id}, id,
    (array['inprogress', 'finished', 'stopped'])[1 + (row_number() over (order by code)) % 3],
    md5(random()::text || id::text)
  from missions where status = 'published' order by code limit ${USER_DEALS}`)
const { token } = await createSession(db, user.id)
process.stdout.write(`${JSON.stringify({ id: user.id, username, token, missions: await count() })}\n`)
await opened.close()
