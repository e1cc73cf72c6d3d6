/** A user's push subscriptions (devices): saved, listed and removed, always within that user's own. */
import { and, desc, eq, sql } from 'drizzle-orm'
import type { Executor } from '#server/db/client.ts'
import { type PushSubscriptionRow, pushSubscriptions, users } from '#server/db/schema.ts'
import type { Locale } from '#shared/contract/common.ts'
import type { PushDevice } from '#shared/contract/push.ts'

/** The id of the user named in the path (usernames are unique case-insensitively). */
export async function userIdByUsername(db: Executor, username: string): Promise<string | null> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.username})`, username.toLowerCase()))
  return row?.id ?? null
}

/** 10 devices: a phone, a tablet and a few browsers, with room to spare. */
export const MAX_DEVICES = 10

export interface NewSubscription {
  userId: string
  sessionId: string
  endpoint: string
  keys: { p256dh: string; auth: string }
  deviceLabel: string
  locale: Locale
}

export const toDevice = (row: PushSubscriptionRow, currentSessionId: string | undefined): PushDevice => ({
  id: row.id,
  deviceLabel: row.deviceLabel,
  createdAt: row.createdAt.toISOString(),
  lastSentAt: row.lastSentAt?.toISOString() ?? null,
  current: row.sessionId === currentSessionId,
})

/**
 * Saves a subscription. The same endpoint again (a browser re-subscribing, or another account
 * signing in on the same browser) replaces the old row: one browser, one owner, the latest session.
 */
export async function saveSubscription(db: Executor, input: NewSubscription): Promise<PushSubscriptionRow> {
  const values = {
    userId: input.userId,
    sessionId: input.sessionId,
    endpoint: input.endpoint,
    p256dh: input.keys.p256dh,
    auth: input.keys.auth,
    deviceLabel: input.deviceLabel.trim(),
    locale: input.locale,
  }
  const [row] = await db
    .insert(pushSubscriptions)
    .values(values)
    .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { ...values, lastSentAt: null } })
    .returning()
  if (!row) throw new Error('the subscription upsert returned no row')
  // Each device costs a request per notification: beyond the newest few, the oldest go, so one
  // account cannot turn the server into a sender of thousands of requests per event.
  await db.execute(sql`
    delete from ${pushSubscriptions} where ${pushSubscriptions.userId} = ${input.userId}
      and ${pushSubscriptions.id} not in (
        select ${pushSubscriptions.id} from ${pushSubscriptions} where ${pushSubscriptions.userId} = ${input.userId}
        order by ${pushSubscriptions.createdAt} desc, ${pushSubscriptions.id} desc limit ${MAX_DEVICES}
      )`)
  return row
}

export function listSubscriptions(db: Executor, userId: string): Promise<PushSubscriptionRow[]> {
  return db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(desc(pushSubscriptions.createdAt))
}

/** True when the user had that device. */
export async function deleteSubscription(db: Executor, userId: string, id: string): Promise<boolean> {
  const deleted = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.userId, userId)))
    .returning({ id: pushSubscriptions.id })
  return deleted.length > 0
}
