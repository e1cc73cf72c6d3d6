import { and, asc, eq } from 'drizzle-orm'
import type { Executor } from '#server/db/client.ts'
import { content } from '#server/db/schema.ts'
import type { SupportedLocale } from '#server/http/locale.ts'
import type { ContentEntry } from '#shared/contract/content.ts'

type ContentDomain = (typeof content.$inferSelect)['domain']

const CONTENT_DOMAINS: readonly ContentDomain[] = ['faq', 'terms', 'home']
export const isContentDomain = (value: string): value is ContentDomain =>
  (CONTENT_DOMAINS as readonly string[]).includes(value)

/** A stored entry as the public reads answer it (the admin view adds where it lives). */
export const toEntry = (row: typeof content.$inferSelect): ContentEntry => ({
  code: row.code,
  title: row.title,
  body: row.body,
  topic: row.topic,
  position: row.position,
  updatedAt: row.updatedAt.toISOString(),
})

async function entriesOf(db: Executor, domain: ContentDomain, locale: SupportedLocale) {
  const rows = await db
    .select()
    .from(content)
    .where(and(eq(content.domain, domain), eq(content.locale, locale)))
    .orderBy(asc(content.position), asc(content.code))
  return rows.map(toEntry)
}

/**
 * The entries of a content domain in a locale, with English filling any entry the locale lacks
 * (a new FAQ entry is readable everywhere before its translations arrive).
 */
export async function listContent(
  db: Executor,
  domain: ContentDomain,
  locale: SupportedLocale,
): Promise<ContentEntry[]> {
  const wanted = await entriesOf(db, domain, locale)
  if (locale === 'en') return wanted
  const english = await entriesOf(db, domain, 'en')
  const have = new Set(wanted.map((entry) => entry.code))
  const merged = [...wanted, ...english.filter((entry) => !have.has(entry.code))]
  return merged.sort((a, b) => a.position - b.position || a.code.localeCompare(b.code))
}
