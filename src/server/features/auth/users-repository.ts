/** Reading and writing users, and their one self-view shape on the wire. */
import { randomBytes } from 'node:crypto'
import { and, eq, isNotNull, or, sql } from 'drizzle-orm'
import type { Executor } from '#server/db/client.ts'
import { type UserRow, users, wallets } from '#server/db/schema.ts'
import type { User } from '#shared/contract/auth.ts'
import { creatorCodeProblem } from '#shared/creator-code-rules.ts'

/** The user's own view (contract `User`): never the hash, never anything about sessions. */
export function toUser(row: UserRow): User {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    kind: row.kind,
    roles: row.roles,
    locale: row.locale,
    avatar: row.avatar ?? null,
    phone: row.phone ?? null,
    creatorCode: row.creatorCode,
    sponsor: row.sponsorCode ?? null,
    emailVerified: row.emailVerifiedAt !== null,
    createdAt: row.createdAt.toISOString(),
  }
}

// Characters a viewer cannot misread when the code is shown on stream or said aloud: no 0/O, 1/I/L.
const READABLE = '23456789ABCDEFGHJKMNPQRSTUVWXYZ'
const readable = (length: number) =>
  Array.from(randomBytes(length), (byte) => READABLE[byte % READABLE.length]).join('')

/**
 * A new account's creator code: the first eight letters and digits of the username, so viewers see
 * whose code it is, then six unambiguous characters (31^6, some 900 million per name). A name that
 * would make a reserved code (ADMIN…) gets twelve such characters instead. The streamer may choose
 * their own afterwards.
 */
function newCreatorCode(username = ''): string {
  const code = `${username
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, 8)
    .toUpperCase()}${readable(6)}`
  return creatorCodeProblem(code) === null ? code : readable(12)
}

/** A login is a username or an e-mail address, both matched case-insensitively. */
export async function findUserByLogin(db: Executor, login: string): Promise<UserRow | undefined> {
  const value = login.trim()
  const [row] = await db
    .select()
    .from(users)
    .where(or(sql`lower(${users.username}) = lower(${value})`, sql`lower(${users.email}) = lower(${value})`))
    .limit(1)
  return row
}

export async function findUserByUsername(db: Executor, username: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`)
    .limit(1)
  return row
}

export async function findUserById(db: Executor, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1)
  return row
}

export async function usernameTaken(db: Executor, username: string): Promise<boolean> {
  return (await findUserByUsername(db, username)) !== undefined
}

export async function emailTaken(db: Executor, email: string, exceptUserId?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .limit(1)
  return row !== undefined && row.id !== exceptUserId
}

export type NewUser = Pick<
  typeof users.$inferInsert,
  'username' | 'email' | 'passwordHash' | 'locale' | 'kind'
> & {
  sponsorCode: string | null
}

/** Creates an account with a fresh creator code. A taken username or e-mail throws unique_violation. */
export async function insertUser(db: Executor, user: NewUser): Promise<UserRow> {
  const [row] = await db
    .insert(users)
    .values({ ...user, creatorCode: newCreatorCode(user.username) })
    .returning()
  if (!row) throw new Error('user insert returned no row')
  return row
}

export type UserChanges = Partial<
  Pick<
    typeof users.$inferInsert,
    'email' | 'emailVerifiedAt' | 'passwordHash' | 'phone' | 'locale' | 'avatar'
  >
>

/**
 * The phone of the identity the user's wallet holds: `undefined` without an identity, else its phone
 * or null. Once the identity has a phone it is the account's one phone (the wallet writes it to the
 * profile), and the profile may not set another.
 */
export async function identityPhone(db: Executor, userId: string): Promise<string | null | undefined> {
  const [row] = await db
    .select({ phone: sql<string | null>`${wallets.person}->>'phone'` })
    .from(wallets)
    .where(and(eq(wallets.userId, userId), isNotNull(wallets.person)))
    .limit(1)
  return row ? row.phone : undefined
}

/** A phone the profile sets while the identity has none becomes the identity's too: one value. */
export async function copyPhoneToIdentity(db: Executor, userId: string, phone: string): Promise<void> {
  await db
    .update(wallets)
    .set({ person: sql`jsonb_set(${wallets.person}, '{phone}', to_jsonb(${phone}::text))` })
    .where(
      and(eq(wallets.userId, userId), isNotNull(wallets.person), sql`${wallets.person}->>'phone' is null`),
    )
}

/** Applies changes to an account; undefined when it no longer exists. */
export async function updateUser(
  db: Executor,
  userId: string,
  changes: UserChanges,
): Promise<UserRow | undefined> {
  const [row] = await db.update(users).set(changes).where(eq(users.id, userId)).returning()
  return row
}

/** PostgreSQL's unique_violation, as both drivers report it; the constraint tells which field. */
export function uniqueViolation(error: unknown): string | null {
  let current: unknown = error
  // Drizzle wraps driver errors; the code sits on the cause.
  for (let depth = 0; depth < 3 && current; depth += 1) {
    const candidate = current as { code?: unknown; constraint?: unknown; message?: unknown; cause?: unknown }
    if (candidate.code === '23505') {
      const constraint = typeof candidate.constraint === 'string' ? candidate.constraint : ''
      return constraint || (typeof candidate.message === 'string' ? candidate.message : 'unique')
    }
    current = candidate.cause
  }
  return null
}
