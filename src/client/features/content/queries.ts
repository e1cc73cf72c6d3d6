import { queryOptions } from '@tanstack/react-query'
import type { TranslationDomain, TranslationResponse } from '../../../shared/contract/content'
import { request } from '../../lib/http'

/** Query options for the translated content domains (FAQ, terms, home), one entry per locale. */
export const contentQueries = {
  all: () => ['content'] as const,
  domain: (domain: TranslationDomain, locale: string) =>
    queryOptions({
      queryKey: [...contentQueries.all(), domain, locale] as const,
      queryFn: ({ signal }) =>
        request<TranslationResponse, 'translation'>('translation', {
          params: { domain, local: locale },
          signal,
        }),
      // Content changes rarely; an hour keeps navigation between FAQ entries free.
      staleTime: 60 * 60 * 1000,
    }),
}
