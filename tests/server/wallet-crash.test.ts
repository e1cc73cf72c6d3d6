/**
 * Crash safety of money: a real server process takes a stream of payouts and
 * credits, is killed with SIGKILL at random moments, restarted, and the books are checked after each
 * kill: every payout is whole (row and debit) or absent, every acknowledged write survived, and each
 * balance equals the sum of its ledger. Runs on the embedded database, and on PostgreSQL when
 * DATABASE_URL is set.
 */
import { randomBytes, randomInt } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { openDatabase } from '#server/db/client.ts'
import { bankAccounts, wallets } from '#server/db/schema.ts'
import { ensureWalletRow, postLedgerEntry } from '#server/features/wallet/ledger-service.ts'
import {
  createPgliteDataDir,
  createTestDatabase,
  type TestDatabase,
  testDatabaseKind,
} from '../support/test-db'
import { makeUser } from '../support/test-users'
import {
  buildServerBundle,
  freePort,
  kill,
  killWhileAnswering,
  type ServerBundle,
  startServer as startBundle,
} from './crash-fixtures'
import { IBAN_FR, personBody } from './wallet-fixtures'

// 5 kills per database: enough random moments to land inside transactions, short enough for CI.
const KILLS = 5
const USERS = 3
const START_CENTS = 50_000
// Kill 0 to 1 s after the first answers: some rounds die early, some mid-stream.
const KILL_AFTER_MS: [number, number] = [0, 1_000]
const MIN_ANSWERS_BEFORE_KILL = 3
// A start can fail on a saturated machine (Fastify's plugin timeout): that is load, not a crash bug.
const START_ATTEMPTS = 3

let bundle: ServerBundle

beforeAll(async () => {
  bundle = await buildServerBundle('wallet-crash')
}, 60_000)

afterAll(() => bundle?.cleanup())

interface Party {
  id: string
  username: string
  token: string
}

const startServer = (database: TestDatabase, port: number) =>
  startBundle(bundle, { database, port, attempts: START_ATTEMPTS })

interface Acknowledged {
  payouts: Map<string, { username: string; key: string; body: string }>
  adjustments: Set<string>
  /** Answers seen, by status: tells a failing run what the server was saying. */
  statuses: Map<number, number>
  answered: number
}

function record(acked: Acknowledged, status: number): void {
  acked.statuses.set(status, (acked.statuses.get(status) ?? 0) + 1)
  acked.answered += 1
}

/** Sends payouts and credits until the server dies; remembers every write the server acknowledged. */
async function stream(
  port: number,
  parties: Party[],
  admin: Party,
  acked: Acknowledged,
  dead: () => boolean,
) {
  const base = `http://127.0.0.1:${port}`
  const worker = async () => {
    while (!dead()) {
      const party = parties[randomInt(parties.length)] as Party
      try {
        if (randomInt(3) === 0) {
          const response = await fetch(`${base}/api/admin/wallets/${party.username}/adjustments`, {
            method: 'POST',
            headers: {
              authorization: `Bearer ${admin.token}`,
              'content-type': 'application/json',
            },
            body: JSON.stringify({
              amount: 500 + randomInt(2_000),
              reason: 'crash-test credit',
            }),
          })
          record(acked, response.status)
          if (response.status === 201) acked.adjustments.add(((await response.json()) as { id: string }).id)
        } else {
          const key = randomBytes(8).toString('hex')
          const response = await fetch(`${base}/api/wallets/user/${party.username}/payout`, {
            method: 'POST',
            headers: {
              authorization: `Bearer ${party.token}`,
              'content-type': 'application/json',
              'idempotency-key': key,
            },
            body: JSON.stringify({ amount: 1_000 + randomInt(3_000) }),
          })
          const body = await response.text()
          record(acked, response.status)
          if (response.status === 201) {
            acked.payouts.set((JSON.parse(body) as { id: string }).id, {
              username: party.username,
              key,
              body,
            })
          }
        }
      } catch {
        // The connection died with the server: that request's fate is what the checks find out.
      }
    }
  }
  // 8 workers: several transactions in flight at the moment of the kill.
  await Promise.all(Array.from({ length: 8 }, worker))
}

async function checkBooks(database: TestDatabase, acked: Acknowledged) {
  const opened = await openDatabase({
    dataDir: database.dataDir,
    databaseUrl: database.databaseUrl,
  })
  try {
    const { db } = opened
    const balances = await db.execute<{ balance: number; sum: number }>(sql`
      select w.balance_cents::bigint as balance,
        coalesce((select sum(amount_cents) from ledger_entries e where e.wallet_id = w.id), 0)::bigint as sum
      from wallets w`)
    for (const row of balances.rows) {
      expect(Number(row.balance)).toBe(Number(row.sum))
      expect(Number(row.balance)).toBeGreaterThanOrEqual(0)
    }
    // Every payout row has exactly one debit of its amount, and every debit has its payout row.
    const broken = await db.execute<{ id: string }>(sql`
      select p.id from payouts p
      where (select count(*) from ledger_entries e where e.payout_id = p.id and e.kind = 'payout'
               and e.amount_cents = -p.amount_cents) <> 1
      union all
      select e.id from ledger_entries e where e.kind = 'payout' and e.payout_id is null`)
    expect(broken.rows).toEqual([])
    const payoutIds = new Set(
      (await db.execute<{ id: string }>(sql`select id from payouts`)).rows.map((row) => row.id),
    )
    for (const id of acked.payouts.keys()) expect(payoutIds.has(id)).toBe(true)
    const entryIds = new Set(
      (
        await db.execute<{ id: string }>(sql`select id from ledger_entries where kind = 'adjustment'`)
      ).rows.map((row) => row.id),
    )
    for (const id of acked.adjustments) expect(entryIds.has(id)).toBe(true)
    return payoutIds.size
  } finally {
    await opened.close()
  }
}

async function prepare(database: TestDatabase): Promise<{ parties: Party[]; admin: Party }> {
  const opened = await openDatabase({
    dataDir: database.dataDir,
    databaseUrl: database.databaseUrl,
  })
  try {
    const { db } = opened
    const admin = await makeUser(opened, { admin: true })
    const parties: Party[] = []
    for (let index = 0; index < USERS; index += 1) {
      const user = await makeUser(opened)
      await db.transaction(async (tx) => {
        const walletId = await ensureWalletRow(tx, user.id)
        await tx
          .update(wallets)
          .set({ person: personBody.person, certificationStatus: 'verified' })
          .where(sql`${wallets.id} = ${walletId}`)
        await tx.insert(bankAccounts).values({
          walletId,
          holderName: 'Ada',
          iban: IBAN_FR,
          country: 'FR',
          isDefault: true,
        })
        await postLedgerEntry(tx, {
          walletId,
          kind: 'earning',
          amountCents: START_CENTS,
          description: 'start',
        })
      })
      parties.push(user)
    }
    return { parties, admin }
  } finally {
    await opened.close()
  }
}

async function crashRounds(database: TestDatabase) {
  const { parties, admin } = await prepare(database)
  const acked: Acknowledged = {
    payouts: new Map(),
    adjustments: new Set(),
    statuses: new Map(),
    answered: 0,
  }
  for (let round = 0; round < KILLS; round += 1) {
    const port = await freePort()
    const child = await startServer(database, port)
    let dead = false
    const running = stream(port, parties, admin, acked, () => dead)
    await killWhileAnswering(child, () => acked.answered, MIN_ANSWERS_BEFORE_KILL, KILL_AFTER_MS)
    dead = true
    await running
    await checkBooks(database, acked)
  }
  // After the last restart, retrying every acknowledged key replays its first answer, paying nothing twice.
  const port = await freePort()
  const child = await startServer(database, port)
  try {
    const tokens = new Map(parties.map((party) => [party.username, party.token]))
    for (const [, payout] of [...acked.payouts].slice(0, 20)) {
      const response = await fetch(`http://127.0.0.1:${port}/api/wallets/user/${payout.username}/payout`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${tokens.get(payout.username)}`,
          'content-type': 'application/json',
          'idempotency-key': payout.key,
        },
        body: JSON.stringify({
          amount: (JSON.parse(payout.body) as { amount: { amount: number } }).amount.amount,
        }),
      })
      expect(response.status).toBe(201)
      expect(await response.text()).toBe(payout.body)
    }
  } finally {
    await kill(child)
  }
  const total = await checkBooks(database, acked)
  expect(acked.payouts.size, `answers by status: ${JSON.stringify([...acked.statuses])}`).toBeGreaterThan(0)
  expect(total).toBeGreaterThanOrEqual(acked.payouts.size)
}

test.skipIf(testDatabaseKind() !== 'pglite')(
  'SIGKILL during payouts and credits on the embedded database loses and doubles nothing',
  async () => {
    const database = await createPgliteDataDir()
    try {
      await crashRounds(database)
    } finally {
      await database.cleanup()
    }
  },
  600_000,
)

test.skipIf(testDatabaseKind() !== 'postgres')(
  'SIGKILL during payouts and credits on PostgreSQL loses and doubles nothing',
  async () => {
    const database = await createTestDatabase()
    try {
      await crashRounds(database)
    } finally {
      await database.cleanup()
    }
  },
  600_000,
)
