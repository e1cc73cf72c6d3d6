/**
 * Child process of crash-safety.test.ts: opens the embedded database in the given data directory with
 * `openDatabase` and commits transactions until it is killed, printing `ack <id>` after each commit
 * returns. Rows carry the cycle that wrote them, so a lost row whose id was reused is still noticed.
 * `verify` mode prints every stored `[id, cycle]` pair and whether each row has its mirror row.
 */
import { sql } from 'drizzle-orm'
import { openDatabase } from '#server/db/client.ts'

const [dataDir, mode = '0'] = process.argv.slice(2)
if (!dataDir) throw new Error('usage: crash-safety-writer <dataDir> <cycle|verify>')

const opened = await openDatabase({ dataDir })
const { db } = opened
await db.execute(
  sql`create table if not exists crash_probe (id integer primary key, cycle integer not null, payload text not null)`,
)
await db.execute(sql`create table if not exists crash_probe_mirror (id integer primary key)`)

if (mode === 'verify') {
  const rows = await db.execute<{ id: number; cycle: number; mirrored: boolean }>(
    sql`select p.id, p.cycle, m.id is not null as mirrored
        from crash_probe p full join crash_probe_mirror m on m.id = p.id order by coalesce(p.id, m.id)`,
  )
  process.stdout.write(`${JSON.stringify(rows.rows)}\n`)
  await opened.close()
  process.exit(0)
}

const cycle = Number(mode)
const [last] = (await db.execute<{ max: number | null }>(sql`select max(id) as max from crash_probe`)).rows
let id = (last?.max ?? 0) + 1
process.stdout.write(`ready ${id - 1}\n`)
// 2 KB rows: big enough to span WAL pages now and then, small enough for hundreds per cycle.
const payload = 'x'.repeat(2048)
for (;;) {
  // Two rows in one transaction: after a crash, both or neither must be there.
  await db.transaction(async (tx) => {
    await tx.execute(sql`insert into crash_probe (id, cycle, payload) values (${id}, ${cycle}, ${payload})`)
    await tx.execute(sql`insert into crash_probe_mirror (id) values (${id})`)
  })
  process.stdout.write(`ack ${id}\n`)
  id += 1
}
