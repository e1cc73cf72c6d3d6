import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { sessions, users } from '#server/db/schema.ts'
import { createSession } from '#server/features/auth/sessions.ts'
import { hashToken } from '#server/lib/tokens.ts'

export interface TestUser {
  id: string
  username: string
  token: string
  sessionId: string
}

const suffix = () => randomBytes(4).toString('hex')

/** Signs a user up through the API when sign-up answers with a token; null while it does not exist yet. */
async function signUp(app: FastifyInstance, username: string): Promise<TestUser | null> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/oauth/signup',
    payload: { username, email: `${username}@example.test`, plainPassword: 'Password-123' },
  })
  if (response.statusCode >= 300) return null
  const body = response.json() as { code?: unknown; user?: { id?: unknown } }
  if (typeof body.code !== 'string' || typeof body.user?.id !== 'string') return null
  const [session] = await app.db
    .select({ id: sessions.id })
    .from(sessions)
    .where(eq(sessions.tokenHash, hashToken(body.code)))
  if (!session) return null
  return { id: body.user.id, username, token: body.code, sessionId: session.id }
}

/**
 * A signed-in user for security suites: through POST /api/oauth/signup when it works, else inserted
 * with a session straight in the database (admins always are: sign-up never grants that role).
 */
export async function createTestUser(
  app: FastifyInstance,
  options: { prefix?: string; admin?: boolean } = {},
): Promise<TestUser> {
  const username = `${options.prefix ?? 'user'}_${suffix()}`
  if (!options.admin) {
    const signedUp = await signUp(app, username)
    if (signedUp) return signedUp
  }
  const [row] = await app.db
    .insert(users)
    .values({
      username,
      email: `${username}@example.test`,
      // Never verified: these users do not sign in with a password, only with their session token.
      passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$unused$unused',
      roles: options.admin ? ['user', 'admin'] : ['user'],
      creatorCode: `T${suffix().toUpperCase()}`,
    })
    .returning({ id: users.id })
  if (!row) throw new Error('user insert returned no row')
  const { token, sessionId } = await createSession(app.db, row.id)
  return { id: row.id, username, token, sessionId }
}

export const bearer = (user: Pick<TestUser, 'token'>) => ({ authorization: `Bearer ${user.token}` })
