/** Contact messages, newsletter subscribers and mission selections: the public forms' storage. */
import { desc, eq, sql } from 'drizzle-orm'
import type { Executor } from '#server/db/client.ts'
import { contactMessages, newsletterSubscribers, selections } from '#server/db/schema.ts'
import type { SupportedLocale } from '#server/http/locale.ts'
import type { ContactMessage, NewsletterSubscriber } from '#shared/contract/content.ts'

type NewsletterStatus = NewsletterSubscriber['status']

export async function storeContactMessage(
  db: Executor,
  message: { name: string; email: string; subject: string; message: string },
): Promise<string> {
  const [stored] = await db.insert(contactMessages).values(message).returning({ id: contactMessages.id })
  if (!stored) throw new Error('contact message insert returned no row')
  return stored.id
}

export async function listContactMessages(db: Executor): Promise<ContactMessage[]> {
  const rows = await db.select().from(contactMessages).orderBy(desc(contactMessages.createdAt))
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }))
}

/**
 * Starts (or restarts) the double opt-in of an address with a fresh token. Answers false for an
 * address already confirmed: it gets no new mail, and nobody learns from the answer who subscribed.
 */
export async function requestNewsletterOptIn(
  db: Executor,
  subscriber: { email: string; locale: SupportedLocale; tokenHash: string },
): Promise<boolean> {
  const [existing] = await db
    .select({ id: newsletterSubscribers.id, status: newsletterSubscribers.status })
    .from(newsletterSubscribers)
    .where(sql`lower(${newsletterSubscribers.email}) = lower(${subscriber.email})`)
    .limit(1)
  if (existing?.status === 'confirmed') return false
  const fresh = {
    locale: subscriber.locale,
    tokenHash: subscriber.tokenHash,
    status: 'pending' as const,
    confirmedAt: null,
  }
  if (existing) {
    await db.update(newsletterSubscribers).set(fresh).where(eq(newsletterSubscribers.id, existing.id))
  } else {
    await db
      .insert(newsletterSubscribers)
      .values({ ...fresh, email: subscriber.email })
      .onConflictDoNothing()
  }
  return true
}

/** Confirms or unsubscribes the address of a mailed token; null when no address has that token. */
export async function answerNewsletterToken(
  db: Executor,
  tokenHash: string,
  action: 'confirm' | 'unsubscribe',
): Promise<NewsletterStatus | null> {
  const [row] = await db
    .update(newsletterSubscribers)
    .set(
      action === 'confirm'
        ? { status: 'confirmed', confirmedAt: sql`coalesce(${newsletterSubscribers.confirmedAt}, now())` }
        : { status: 'unsubscribed' },
    )
    .where(eq(newsletterSubscribers.tokenHash, tokenHash))
    .returning({ status: newsletterSubscribers.status })
  return row?.status ?? null
}

export async function listNewsletterSubscribers(db: Executor): Promise<NewsletterSubscriber[]> {
  const rows = await db.select().from(newsletterSubscribers).orderBy(desc(newsletterSubscribers.createdAt))
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    locale: row.locale,
    status: row.status,
    confirmedAt: row.confirmedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  }))
}

/** The mission codes of a named selection, in the editor's order; null when there is no such selection. */
export async function findSelectionCodes(db: Executor, id: string): Promise<string[] | null> {
  const [row] = await db
    .select({ codes: selections.missionCodes })
    .from(selections)
    .where(eq(selections.id, id))
    .limit(1)
  return row?.codes ?? null
}
