import { type QueryKey, queryOptions } from '@tanstack/react-query'
import { currentLocale } from '#client/lib/i18n.ts'
import type { Locale } from '#shared/contract/common.ts'
import {
  fetchBrandMembers,
  fetchBrandMissions,
  fetchBrandProvider,
  fetchBrandProviders,
  fetchInvitations,
  fetchMissionResults,
  fetchOverview,
  fetchTopUpRequests,
  fetchTopUps,
} from './api'

/**
 * The brand portal's reads, under the 'brand' root: the caller's providers, and per
 * provider (by slug) its profile, members, missions, and each mission's results and top-ups. The
 * results carry the mission title in a language, which their key names.
 */
export const brandQueries = {
  all: () => ['brand'] as const,
  providers: () =>
    queryOptions({
      queryKey: [...brandQueries.all(), 'providers'] as const,
      queryFn: ({ signal }) => fetchBrandProviders(signal),
    }),
  /** Everything of one provider. */
  of: (slug: string) => [...brandQueries.all(), 'provider', slug] as const,
  provider: (slug: string) =>
    queryOptions({
      queryKey: [...brandQueries.of(slug), 'profile'] as const,
      queryFn: ({ signal }) => fetchBrandProvider(slug, signal),
    }),
  members: (slug: string) =>
    queryOptions({
      queryKey: [...brandQueries.of(slug), 'members'] as const,
      queryFn: ({ signal }) => fetchBrandMembers(slug, signal),
    }),
  missions: (slug: string) =>
    queryOptions({
      queryKey: [...brandQueries.of(slug), 'missions'] as const,
      queryFn: ({ signal }) => fetchBrandMissions(slug, signal),
    }),
  /** Every language's results of a mission. */
  resultsOf: (slug: string, code: string) => [...brandQueries.of(slug), 'results', code] as const,
  results: (slug: string, code: string, locale: Locale = currentLocale()) =>
    queryOptions({
      queryKey: [...brandQueries.resultsOf(slug, code), locale] as const,
      queryFn: ({ signal }) => fetchMissionResults(slug, code, locale, signal),
    }),
  topUps: (slug: string, code: string) =>
    queryOptions({
      queryKey: [...brandQueries.of(slug), 'top-ups', code] as const,
      queryFn: ({ signal }) => fetchTopUps(slug, code, signal),
    }),
  topUpRequests: (slug: string, code: string) =>
    queryOptions({
      queryKey: [...brandQueries.of(slug), 'top-up-requests', code] as const,
      queryFn: ({ signal }) => fetchTopUpRequests(slug, code, signal),
    }),
  invitations: (slug: string) =>
    queryOptions({
      queryKey: [...brandQueries.of(slug), 'invitations'] as const,
      queryFn: ({ signal }) => fetchInvitations(slug, signal),
    }),
  /** The overview of a range of days, in a language (its mission titles). */
  overview: (slug: string, range: { from: string; to: string }, locale: Locale = currentLocale()) =>
    queryOptions({
      queryKey: [...brandQueries.of(slug), 'overview', range.from, range.to, locale] as const,
      queryFn: ({ signal }) => fetchOverview(slug, range, locale, signal),
    }),
}

/** A brand read's first-screen rank: a mission's spend and the lists refetch first after a gap. */
export function isPrimaryBrandQuery(queryKey: QueryKey): boolean {
  const kind = brandKeyKind(queryKey)
  return kind === 'results' || kind === 'missions'
}

/** What a provider's key names after ['brand', 'provider', slug]: `profile`, `missions`, `results`… */
function brandKeyKind(queryKey: QueryKey): unknown {
  const [root, scope, , kind] = queryKey
  return root === 'brand' && scope === 'provider' ? kind : undefined
}
