/**
 * A brand's API keys. A key is `sdk_live_` and 32 random bytes (base64url), shown once; only its
 * SHA-256 is kept: 256 random bits cannot be guessed from the hash, so a slow password hash would add
 * only a cost to every request. Revoking is a timestamp, checked on every request (no cache), so a
 * revoked key is refused at once on every node.
 */
import { randomBytes } from 'node:crypto'
import { and, desc, eq, isNull, lt, or, sql } from 'drizzle-orm'
import type { Executor } from '#server/db/client.ts'
import { providers } from '#server/db/schema.ts'
import { type BrandApiKeyRow, brandApiKeys } from '#server/db/schema-integrators.ts'
import { notFound } from '#server/http/api-error.ts'
import { API_KEY_PREFIX, type ApiKeyCaller } from '#server/http/api-key-resolver.ts'
import { hashToken } from '#server/lib/tokens.ts'
import type { ApiKeyScope, BrandApiKey } from '#shared/contract/brand-integrations.ts'

// The prefix and four characters of the secret: enough to tell a brand's few keys apart.
const SHOWN_CHARACTERS = API_KEY_PREFIX.length + 4

export const apiKeyView = (row: BrandApiKeyRow): BrandApiKey => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  scope: row.scope,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  revokedAt: row.revokedAt?.toISOString() ?? null,
})

export async function listApiKeys(db: Executor, providerId: string): Promise<BrandApiKeyRow[]> {
  return db
    .select()
    .from(brandApiKeys)
    .where(eq(brandApiKeys.providerId, providerId))
    .orderBy(desc(brandApiKeys.createdAt), desc(brandApiKeys.id))
}

export async function createApiKey(
  db: Executor,
  key: {
    providerId: string
    name: string
    scope: ApiKeyScope
    createdBy: string | null
  },
): Promise<{ row: BrandApiKeyRow; secret: string }> {
  const secret = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`
  const [row] = await db
    .insert(brandApiKeys)
    .values({
      ...key,
      prefix: secret.slice(0, SHOWN_CHARACTERS),
      keyHash: hashToken(secret),
    })
    .returning()
  if (!row) throw new Error('API key insert returned no row')
  return { row, secret }
}

/** Revokes the brand's key (once: a second call answers it as it is); another brand's id is not found. */
export async function revokeApiKey(db: Executor, providerId: string, id: string): Promise<BrandApiKeyRow> {
  const where = and(eq(brandApiKeys.providerId, providerId), eq(brandApiKeys.id, id))
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw notFound('This API key does not exist')
  await db
    .update(brandApiKeys)
    .set({ revokedAt: new Date() })
    .where(and(where, isNull(brandApiKeys.revokedAt)))
  const [row] = await db.select().from(brandApiKeys).where(where)
  if (!row) throw notFound('This API key does not exist')
  return row
}

/** The live key of a secret with its brand, or null (unknown, revoked). */
export async function findLiveKey(db: Executor, secret: string): Promise<ApiKeyCaller | null> {
  const [row] = await db
    .select({
      id: brandApiKeys.id,
      providerId: brandApiKeys.providerId,
      scope: brandApiKeys.scope,
      slug: providers.slug,
      status: providers.status,
    })
    .from(brandApiKeys)
    .innerJoin(providers, eq(providers.id, brandApiKeys.providerId))
    .where(and(eq(brandApiKeys.keyHash, hashToken(secret)), isNull(brandApiKeys.revokedAt)))
  return row ?? null
}

/** Stamps "last used", unless it was stamped in the last minute (the guard makes a late second node a no-op). */
export async function touchApiKey(db: Executor, id: string): Promise<void> {
  await db
    .update(brandApiKeys)
    .set({ lastUsedAt: sql`now()` })
    .where(
      and(
        eq(brandApiKeys.id, id),
        or(isNull(brandApiKeys.lastUsedAt), lt(brandApiKeys.lastUsedAt, sql`now() - interval '1 minute'`)),
      ),
    )
}
