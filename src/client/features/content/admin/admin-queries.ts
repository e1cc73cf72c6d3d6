import { queryOptions } from '@tanstack/react-query'
import type { Locale } from '../../../../shared/contract/common'
import type {
  AdminContentEntry,
  ContactMessage,
  NewsletterSubscriber,
  TranslationDomain,
} from '../../../../shared/contract/content'
import { request } from '../../../lib/http'

interface List<T> {
  items: T[]
  total?: number
}

/** Admin reads of the content feature; keys under `admin` so logout's wipe takes them too. */
export const adminContentQueries = {
  all: () => ['admin', 'content'] as const,
  entries: (domain: TranslationDomain, locale: Locale) =>
    queryOptions({
      queryKey: [...adminContentQueries.all(), 'entries', domain, locale] as const,
      queryFn: ({ signal }) =>
        request<List<AdminContentEntry>, 'adminContent'>('adminContent', {
          query: { domain, locale },
          signal,
        }),
    }),
  subscribers: () =>
    queryOptions({
      queryKey: [...adminContentQueries.all(), 'newsletter'] as const,
      queryFn: ({ signal }) =>
        request<List<NewsletterSubscriber>, 'adminNewsletter'>('adminNewsletter', { signal }),
    }),
  messages: () =>
    queryOptions({
      queryKey: [...adminContentQueries.all(), 'contact'] as const,
      queryFn: ({ signal }) =>
        request<List<ContactMessage>, 'adminContactMessages'>('adminContactMessages', { signal }),
    }),
}
