/** Content entries as admins edit them: every change lands together with its audit line. */
import { and, asc, eq } from 'drizzle-orm'
import type { Database } from '#server/db/client.ts'
import { type ContentRow, content } from '#server/db/schema.ts'
import { audit } from '#server/lib/audit.ts'
import type { AdminContentEntry, AdminContentQuery } from '#shared/contract/content.ts'
import { toEntry } from './content-repository'

const adminEntry = (row: ContentRow): AdminContentEntry => ({
  id: row.id,
  domain: row.domain,
  locale: row.locale,
  ...toEntry(row),
})

const targetOf = (entry: { domain: string; locale: string; code: string }) =>
  `content:${entry.domain}/${entry.locale}/${entry.code}`

export async function listAdminContent(db: Database, query: AdminContentQuery): Promise<AdminContentEntry[]> {
  const rows = await db
    .select()
    .from(content)
    .where(
      and(
        query.domain ? eq(content.domain, query.domain) : undefined,
        query.locale ? eq(content.locale, query.locale) : undefined,
      ),
    )
    .orderBy(asc(content.domain), asc(content.locale), asc(content.position), asc(content.code))
  return rows.map(adminEntry)
}

type EntryText = { title: string; body: string; topic: string | null }

/** Creates an entry; null when one with the same domain, locale and code exists already. */
export function createContentEntry(
  db: Database,
  actorId: string | null,
  entry: EntryText & Pick<ContentRow, 'domain' | 'locale' | 'code' | 'position'>,
): Promise<AdminContentEntry | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(content).values(entry).onConflictDoNothing().returning()
    if (!row) return null
    await audit(tx, { actorId, action: 'content.create', target: targetOf(row) })
    return adminEntry(row)
  })
}

/** Updates an entry's text (and position when given); null when there is no such entry. */
export function updateContentEntry(
  db: Database,
  actorId: string | null,
  id: string,
  change: EntryText & { position?: number },
): Promise<AdminContentEntry | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(content)
      .set({ ...change, updatedAt: new Date() })
      .where(eq(content.id, id))
      .returning()
    if (!row) return null
    await audit(tx, { actorId, action: 'content.update', target: targetOf(row) })
    return adminEntry(row)
  })
}
