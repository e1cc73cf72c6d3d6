import { queryOptions } from '@tanstack/react-query'
import type { ContentEntry, TranslationDomain, TranslationResponse } from '#shared/contract/content.ts'
import { fetchSelection, fetchTranslation } from './api'

// Content changes rarely; an hour keeps navigation between FAQ entries free.
const contentStaleMs = 60 * 60 * 1000
// 5 minutes: a featured mission's open spots move, but the home page needs no live count.
const selectionStaleMs = 5 * 60 * 1000

/** A content entry with its markdown body already rendered to safe HTML. */
export type RenderedEntry = ContentEntry & { html: string }
export type RenderedContent = Omit<TranslationResponse, 'items'> & { items: RenderedEntry[] }

/**
 * Renders the bodies once, where the answer arrives: on the server for the public pages, so the
 * browser hydrates their HTML from the page's state and never loads the markdown renderer for them
 * (it costs a 17 KB chunk and a long task on a mid-range phone).
 */
async function withHtml(answer: TranslationResponse): Promise<RenderedContent> {
  const { markdownToHtml } = await import('./markdown')
  return { ...answer, items: answer.items.map((entry) => ({ ...entry, html: markdownToHtml(entry.body) })) }
}

/** Query options for the translated content domains (FAQ, terms, home), one entry per locale. */
export const contentQueries = {
  all: () => ['content'] as const,
  domain: (domain: TranslationDomain, locale: string) =>
    queryOptions({
      queryKey: [...contentQueries.all(), domain, locale] as const,
      queryFn: async ({ signal }) => withHtml(await fetchTranslation(domain, locale, signal)),
      staleTime: contentStaleMs,
      // Asked even while offline: the service worker holds FAQ and terms from install on (sw.ts), so
      // the request is answered from its cache, where a paused query would show "Loading…" forever.
      networkMode: 'offlineFirst',
    }),
  /** A named mission selection (`featured` on the home page), in the given locale. */
  selection: (id: string, locale: string) =>
    queryOptions({
      queryKey: [...contentQueries.all(), 'selection', id, locale] as const,
      queryFn: ({ signal }) => fetchSelection(id, locale, signal),
      staleTime: selectionStaleMs,
    }),
}
