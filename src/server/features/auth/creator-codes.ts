/**
 * Creator codes a streamer chooses ("MaxPlays" for the generated "KVLELJCFKMCW"). One code whatever
 * the case (a unique index on upper(code) settles two users racing for it). A code given up still
 * names its former owner for 30 days (viewers keep typing what they heard on stream), and nobody else
 * may take it meanwhile. Three changes per 30 days: each change holds one more code for a month.
 */
import { and, desc, eq, gt, sql } from 'drizzle-orm'
import type { Executor, Transaction } from '#server/db/client.ts'
import { retiredCreatorCodes, type UserRow, users } from '#server/db/schema.ts'
import { fieldInvalid } from '#server/http/api-error.ts'
import { creatorCodeProblem } from '#shared/creator-code-rules.ts'
import { uniqueViolation } from './users-repository'

/** 30 days: how long a given-up code keeps naming its former owner, and the changes' window. */
const RETIRED_CODE_DAYS = 30
/** 3 changes per 30 days: room to fix a typo and change one's mind, not to hoard codes. */
const MAX_CODE_CHANGES = 3
// Separates these advisory locks from the others of the database (audit, click fraud, seed).
const CODE_LOCK_NAMESPACE = 11_003

const since = () => sql`now() - make_interval(days => ${RETIRED_CODE_DAYS})`

/**
 * Holds `code` (upper-case) until the transaction ends. Taking a code and giving one up lock the codes
 * they touch, so "is it retired by someone else?" and "give it up" cannot interleave.
 */
async function lockCode(tx: Transaction, code: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${CODE_LOCK_NAMESPACE}, hashtext(${code}))`)
}

/** The user a code names now: their current code, else a code they gave up within 30 days. */
export async function findUserByCreatorCode(db: Executor, code: string): Promise<UserRow | undefined> {
  const upper = code.trim().toUpperCase()
  const [current] = await db.select().from(users).where(sql`upper(${users.creatorCode}) = ${upper}`).limit(1)
  if (current) return current
  const [retired] = await db
    .select({ user: users })
    .from(retiredCreatorCodes)
    .innerJoin(users, eq(users.id, retiredCreatorCodes.userId))
    .where(and(eq(retiredCreatorCodes.code, upper), gt(retiredCreatorCodes.retiredAt, since())))
    .orderBy(desc(retiredCreatorCodes.retiredAt))
    .limit(1)
  return retired?.user
}

/**
 * Gives the user `wanted` as their creator code and retires the one they had. Refused with a field
 * error on `code`: its form (length, characters, reserved words), taken by someone now, given up by
 * someone else less than 30 days ago, or a fourth change within 30 days. Only the case changing is
 * no change: nothing is retired or counted.
 */
export async function changeCreatorCode(db: Executor, userId: string, wanted: string): Promise<UserRow> {
  const code = wanted.trim()
  const problem = creatorCodeProblem(code)
  if (problem) throw fieldInvalid('code', problem)
  const upper = code.toUpperCase()
  try {
    return await db.transaction(async (tx) => {
      const [me] = await tx.select().from(users).where(eq(users.id, userId)).for('update')
      if (!me) throw new Error(`no user ${userId}`)
      const previous = me.creatorCode.toUpperCase()
      if (previous !== upper) {
        // Both codes, in one order for everyone: two users swapping codes cannot deadlock.
        for (const one of [previous, upper].sort()) await lockCode(tx, one)
        await refuseUnavailable(tx, userId, upper)
      }
      const [updated] = await tx
        .update(users)
        .set({ creatorCode: code, updatedAt: new Date() })
        .where(eq(users.id, userId))
        .returning()
      if (previous !== upper) await tx.insert(retiredCreatorCodes).values({ code: previous, userId })
      if (!updated) throw new Error(`no user ${userId}`)
      return updated
    })
  } catch (error) {
    // Someone took it between our check and our write (the unique index decides): it is taken.
    if (uniqueViolation(error)) throw fieldInvalid('code', 'creator_code.taken')
    throw error
  }
}

async function refuseUnavailable(tx: Transaction, userId: string, upper: string): Promise<void> {
  const [holder] = await tx
    .select({ id: users.id })
    .from(users)
    .where(sql`upper(${users.creatorCode}) = ${upper}`)
    .limit(1)
  if (holder && holder.id !== userId) throw fieldInvalid('code', 'creator_code.taken')
  const [retired] = await tx
    .select({ userId: retiredCreatorCodes.userId })
    .from(retiredCreatorCodes)
    .where(and(eq(retiredCreatorCodes.code, upper), gt(retiredCreatorCodes.retiredAt, since())))
    .orderBy(desc(retiredCreatorCodes.retiredAt))
    .limit(1)
  // One's own code given up lately may be taken back; someone else's still names them.
  if (retired && retired.userId !== userId) throw fieldInvalid('code', 'creator_code.retired')
  const [changes] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(retiredCreatorCodes)
    .where(and(eq(retiredCreatorCodes.userId, userId), gt(retiredCreatorCodes.retiredAt, since())))
  if ((changes?.count ?? 0) >= MAX_CODE_CHANGES) throw fieldInvalid('code', 'creator_code.too_many_changes')
}
