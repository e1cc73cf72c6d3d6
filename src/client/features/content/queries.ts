import { queryOptions } from '@tanstack/react-query'
import { api } from '#client/lib/http.ts'
import type { TranslationDomain } from '#shared/contract/content.ts'

// Content changes rarely; an hour keeps navigation between FAQ entries free.
const contentStaleMs = 60 * 60 * 1000
// 5 minutes: a featured mission's open spots move, but the home page needs no live count.
const selectionStaleMs = 5 * 60 * 1000

/** Query options for the translated content domains (FAQ, terms, home), one entry per locale. */
export const contentQueries = {
  all: () => ['content'] as const,
  domain: (domain: TranslationDomain, locale: string) =>
    queryOptions({
      queryKey: [...contentQueries.all(), domain, locale] as const,
      queryFn: ({ signal }) => api('translation', { params: { domain, local: locale }, signal }),
      staleTime: contentStaleMs,
    }),
  /** A named mission selection (`featured` on the home page), in the given locale. */
  selection: (id: string, locale: string) =>
    queryOptions({
      queryKey: [...contentQueries.all(), 'selection', id, locale] as const,
      queryFn: ({ signal }) => api('selection', { params: { id }, query: { locale }, signal }),
      staleTime: selectionStaleMs,
    }),
}
