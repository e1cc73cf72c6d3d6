import { queryOptions } from '@tanstack/react-query'
import type { Locale } from '#shared/contract/common.ts'
import type { TranslationDomain } from '#shared/contract/content.ts'
import { fetchAdminContent, fetchContactMessages, fetchNewsletterSubscribers } from './api'

/** Admin reads of the content feature; keys under `admin` so logout's wipe takes them too. */
export const adminContentQueries = {
  all: () => ['admin', 'content'] as const,
  entries: (domain: TranslationDomain, locale: Locale) =>
    queryOptions({
      queryKey: [...adminContentQueries.all(), 'entries', domain, locale] as const,
      queryFn: ({ signal }) => fetchAdminContent(domain, locale, signal),
    }),
  subscribers: () =>
    queryOptions({
      queryKey: [...adminContentQueries.all(), 'newsletter'] as const,
      queryFn: ({ signal }) => fetchNewsletterSubscribers(signal),
    }),
  messages: () =>
    queryOptions({
      queryKey: [...adminContentQueries.all(), 'contact'] as const,
      queryFn: ({ signal }) => fetchContactMessages(signal),
    }),
}
