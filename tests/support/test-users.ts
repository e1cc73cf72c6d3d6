/**
 * The one way server tests make a signed-in user: `makeUser(app, { username?, admin?, via? })`. A change
 * to how a test user is made (a new required column, another role) is made here, once.
 */
import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { Database } from '#server/db/client.ts'
import { sessions, users } from '#server/db/schema.ts'
import { createSession } from '#server/features/auth/sessions.ts'
import { hashToken } from '#server/lib/tokens.ts'

export interface TestUser {
  id: string
  username: string
  /** The session token; `call(app, name, { as: user })` sends it. */
  token: string
  sessionId: string
  /** The session's Authorization header, for requests that set their own headers. */
  auth: { authorization: string }
}

export interface MakeUserOptions {
  /** A fresh `user_<hex>` unless given: pass one when the test shows or compares it. */
  username?: string
  admin?: boolean
  /**
   * 'insert' (the default) writes the user and a session straight to the database, since sign-up is not
   * under test. 'signup' goes through POST /api/oauth/signup, as a real user would, and falls back to the
   * insert only when sign-up answers no session; admins are always inserted (sign-up never grants it).
   */
  via?: 'insert' | 'signup'
}

const hex = (bytes: number) => randomBytes(bytes).toString('hex')

export const bearer = (user: Pick<TestUser, 'token'>) => ({ authorization: `Bearer ${user.token}` })

const signedIn = (id: string, username: string, token: string, sessionId: string): TestUser => ({
  id,
  username,
  token,
  sessionId,
  auth: bearer({ token }),
})

/** Signs a user up through the API; null when sign-up answers no session token. */
async function signUp(app: FastifyInstance, username: string): Promise<TestUser | null> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/oauth/signup',
    payload: { username, email: `${username.toLowerCase()}@example.test`, plainPassword: 'Password-123' },
  })
  if (response.statusCode >= 300) return null
  const body = response.json() as { code?: unknown; user?: { id?: unknown } }
  if (typeof body.code !== 'string' || typeof body.user?.id !== 'string') return null
  const [session] = await app.db
    .select({ id: sessions.id })
    .from(sessions)
    .where(eq(sessions.tokenHash, hashToken(body.code)))
  if (!session) return null
  return signedIn(body.user.id, username, body.code, session.id)
}

async function insertUser(db: Database, username: string, admin: boolean): Promise<TestUser> {
  const [row] = await db
    .insert(users)
    .values({
      username,
      email: `${username.toLowerCase()}@example.test`,
      // Never verified: these users do not sign in with a password, only with their session token.
      passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$unused$unused',
      roles: admin ? ['user', 'admin'] : ['user'],
      creatorCode: `CC${hex(4).toUpperCase()}`,
    })
    .returning({ id: users.id })
  if (!row) throw new Error('user insert returned no row')
  const { token, sessionId } = await createSession(db, row.id)
  return signedIn(row.id, username, token, sessionId)
}

/**
 * A user with a live session. `app` is the app under test, or an opened database for suites that
 * prepare their data before the server process starts (those can only insert).
 */
export function makeUser(app: FastifyInstance, options?: MakeUserOptions): Promise<TestUser>
export function makeUser(
  database: { db: Database },
  options?: Omit<MakeUserOptions, 'via'>,
): Promise<TestUser>
export async function makeUser(
  app: FastifyInstance | { db: Database },
  options: MakeUserOptions = {},
): Promise<TestUser> {
  const username = options.username ?? `user_${hex(4)}`
  const admin = options.admin ?? false
  if (options.via === 'signup' && !admin && 'inject' in app) {
    const signedUp = await signUp(app, username)
    if (signedUp) return signedUp
  }
  return insertUser(app.db, username, admin)
}
