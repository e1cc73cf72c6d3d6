import { queryOptions } from '@tanstack/react-query'
import { api } from '#client/lib/http.ts'
import type { Locale } from '#shared/contract/common.ts'
import type { TranslationDomain } from '#shared/contract/content.ts'

/** Admin reads of the content feature; keys under `admin` so logout's wipe takes them too. */
export const adminContentQueries = {
  all: () => ['admin', 'content'] as const,
  entries: (domain: TranslationDomain, locale: Locale) =>
    queryOptions({
      queryKey: [...adminContentQueries.all(), 'entries', domain, locale] as const,
      queryFn: ({ signal }) => api('adminContent', { query: { domain, locale }, signal }),
    }),
  subscribers: () =>
    queryOptions({
      queryKey: [...adminContentQueries.all(), 'newsletter'] as const,
      queryFn: ({ signal }) => api('adminNewsletter', { signal }),
    }),
  messages: () =>
    queryOptions({
      queryKey: [...adminContentQueries.all(), 'contact'] as const,
      queryFn: ({ signal }) => api('adminContactMessages', { signal }),
    }),
}
