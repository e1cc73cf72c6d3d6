/** The streaming platform accounts (Twitch) connected to users. */
import { and, eq } from 'drizzle-orm'
import type { Executor } from '#server/db/client.ts'
import { type PlatformRow, platforms } from '#server/db/schema.ts'
import type { Platform } from '#shared/contract/auth.ts'

const toPlatform = (row: PlatformRow): Platform => ({
  code: row.code,
  reference: row.reference,
  displayName: row.displayName ?? row.reference,
  connectedAt: row.createdAt.toISOString(),
})

export async function listPlatforms(db: Executor, userId: string): Promise<Platform[]> {
  const rows = await db
    .select()
    .from(platforms)
    .where(eq(platforms.userId, userId))
    .orderBy(platforms.createdAt)
  return rows.map(toPlatform)
}

/** Disconnects one platform account; false when the user had no such connection. */
export async function deletePlatform(
  db: Executor,
  userId: string,
  platform: { code: string; reference: string },
): Promise<boolean> {
  const deleted = await db
    .delete(platforms)
    .where(
      and(
        eq(platforms.userId, userId),
        eq(platforms.code, platform.code),
        eq(platforms.reference, platform.reference),
      ),
    )
    .returning({ id: platforms.id })
  return deleted.length > 0
}

/** Who has this platform account connected, if anyone. */
export async function platformOwner(
  db: Executor,
  platform: { code: string; reference: string },
): Promise<string | undefined> {
  const [row] = await db
    .select({ userId: platforms.userId })
    .from(platforms)
    .where(and(eq(platforms.code, platform.code), eq(platforms.reference, platform.reference)))
    .limit(1)
  return row?.userId
}

/** Connects (or refreshes the display name of) a platform account. */
export async function savePlatform(
  db: Executor,
  userId: string,
  platform: { code: string; reference: string; displayName: string },
): Promise<Platform> {
  const [saved] = await db
    .insert(platforms)
    .values({ userId, ...platform })
    .onConflictDoUpdate({
      target: [platforms.userId, platforms.code, platforms.reference],
      set: { displayName: platform.displayName },
    })
    .returning()
  if (!saved) throw new Error('platform upsert returned no row')
  return toPlatform(saved)
}
