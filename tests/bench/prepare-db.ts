/**
 * Bench database preparation (bundled by the bench, run as a child): migrates and seeds the database,
 * brings the published missions up to the wanted count by cloning the demo ones, and creates a bench
 * user with a session, a dozen deals, a created wallet with a bank account and 500 ledger entries.
 * Prints `{ id, username, token, missions, ledgerEntries }` as JSON.
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
// A year of a busy streamer's ledger: the transactions page reads the newest 20 and counts them all.
const LEDGER_ENTRIES = Number(process.env.BENCH_LEDGER_ENTRIES ?? 500)
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
// A created wallet (person details given) with a bank account, so GET answers the whole wallet; its
// ledger mixes credited earnings of the user's deals (a tenth still on hold) with debits, and the
// cached balance and entry count are the ledger's, as the ledger service keeps them.
await db.execute(sql`
  insert into wallets (user_id, kind, person)
  values (${user.id}, 'person', ${JSON.stringify({
    firstName: 'Bench',
    lastName: 'Streamer',
    birthDate: '1990-01-01',
    address: { line1: '1 rue de la Paix', city: 'Paris', postalCode: '75002', country: 'FR' },
  })}::jsonb)`)
await db.execute(sql`
  insert into bank_accounts (wallet_id, holder_name, iban, country, is_default)
  select id, 'Bench Streamer', 'FR7630006000011234567890189', 'FR', true from wallets where user_id = ${user.id}`)
await db.execute(sql`
  insert into ledger_entries (wallet_id, kind, amount_cents, deal_id, description, available_at, held, created_at)
  select w.id,
    case when n % 10 = 0 then 'adjustment' else 'earning' end,
    case when n % 10 = 0 then -100 else 50 end,
    case when n % 10 = 0 then null else d.id end,
    'Bench entry ' || n,
    case when n % 10 = 1 then now() + interval '2 days' else now() - interval '1 day' end,
    n % 10 = 1,
    now() - make_interval(mins => n)
  from wallets w, generate_series(1, ${LEDGER_ENTRIES}) as n
  left join lateral (
    select id from deals where user_id = ${user.id} order by code offset (n % ${USER_DEALS}) limit 1
  ) d on true
  where w.user_id = ${user.id}`)
await db.execute(sql`
  update wallets set
    balance_cents = (select coalesce(sum(amount_cents), 0) from ledger_entries where wallet_id = wallets.id),
    held_cents = (select coalesce(sum(amount_cents), 0) from ledger_entries where wallet_id = wallets.id and held),
    ledger_entry_count = (select count(*) from ledger_entries where wallet_id = wallets.id)
  where user_id = ${user.id}`)
// Statistics, as a database in service has them (autovacuum on PostgreSQL, the server's own ANALYZE
// on the embedded one): the plans measured are the plans served.
await db.execute(sql`analyze`)
const { token } = await createSession(db, user.id)
process.stdout.write(
  `${JSON.stringify({ id: user.id, username, token, missions: await count(), ledgerEntries: LEDGER_ENTRIES })}\n`,
)
await opened.close()
