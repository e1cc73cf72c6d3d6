import { type Query, type QueryClient, type QueryKey, queryOptions } from '@tanstack/react-query'
import { currentLocale } from '#client/lib/i18n.ts'
import type { List, Locale } from '#shared/contract/common.ts'
import type { Deal, DealEvent, DealState } from '#shared/contract/deals.ts'
import {
  fetchDealEvents,
  fetchMission,
  fetchMissions,
  fetchUserDeal,
  fetchUserDeals,
  fetchWidgetView,
} from './api'

/**
 * Query options for missions (the public catalogue); keys are hierarchical under 'deals'. Mission
 * texts come in a locale (the active one unless given), and the locale is part of every key: a
 * language switch reads the new language instead of showing the cached one.
 */
export const missionQueries = {
  all: () => ['deals', 'missions'] as const,
  list: (options: { excludeCurrentUser?: boolean } = {}, locale: Locale = currentLocale()) => {
    const excludeCurrentUser = options.excludeCurrentUser ?? false
    return queryOptions({
      queryKey: [...missionQueries.all(), 'list', { excludeCurrentUser }, locale] as const,
      queryFn: ({ signal }) => fetchMissions({ excludeCurrentUser, locale, signal }),
    })
  },
  detail: (code: string, locale: Locale = currentLocale()) =>
    queryOptions({
      queryKey: [...missionQueries.all(), 'detail', code, locale] as const,
      queryFn: ({ signal }) => fetchMission(code, locale, signal),
    }),
}

/** The deal states each list asks for: in progress (stopped deals listed with them), and completed. */
export const IN_PROGRESS_STATES: DealState[] = ['inprogress', 'stopped']
export const COMPLETED_STATES: DealState[] = ['finished']

/**
 * Users' deals. Keys: ['deals', 'user', username, ...]; `detail` is addressed by the MISSION code, as
 * the API is, and both end with the locale of the mission texts (the active one unless given). Every
 * deal the server sends, whatever carried it, enters through `storeDeal`.
 */
export const dealQueries = {
  everyUser: () => ['deals', 'user'] as const,
  all: (username: string) => [...dealQueries.everyUser(), username.toLowerCase()] as const,
  lists: (username: string) => [...dealQueries.all(username), 'list'] as const,
  list: (username: string, states: readonly DealState[] = [], locale: Locale = currentLocale()) =>
    queryOptions({
      queryKey: [...dealQueries.lists(username), [...states].sort(), locale] as const,
      queryFn: async ({ client, signal }): Promise<List<Deal>> => {
        const list = await fetchUserDeals(username, states, locale, signal)
        // Each deal also seeds (or refreshes) its detail entry: opening it from the list is instant.
        return { ...list, items: list.items.map((deal) => storeDeal(client, deal, locale)) }
      },
    }),
  detail: (username: string, code: string, locale: Locale = currentLocale()) =>
    queryOptions({
      queryKey: [...dealQueries.all(username), 'detail', code, locale] as const,
      queryFn: async ({ client, signal }) =>
        storeDeal(client, await fetchUserDeal(username, code, locale, signal), locale),
    }),
  triggers: (username: string, code: string) =>
    queryOptions({
      queryKey: [...dealQueries.all(username), 'triggers', code] as const,
      queryFn: ({ signal }) => fetchDealEvents(username, code, signal),
    }),
}

/**
 * Readers of the keys above, so that no other module knows their layout. A user's deal key is
 * ['deals', 'user', username, kind, ...]: `list` then the states and the locale, `detail` then the
 * mission code and the locale, `triggers` and `stats` then the mission code.
 */
function userDealKeyParts(queryKey: QueryKey) {
  const [root, scope, username, kind, argument, locale] = queryKey
  const isUser = root === 'deals' && scope === 'user' && typeof username === 'string'
  return isUser ? { kind, argument, locale } : null
}

/** `list`, `detail`, `triggers` or `stats` for a user's deal key; undefined for any other key. */
const dealKeyKind = (queryKey: QueryKey): unknown => userDealKeyParts(queryKey)?.kind

export const isDealListKey = (queryKey: QueryKey): boolean => dealKeyKind(queryKey) === 'list'

export const isDealDetailKey = (queryKey: QueryKey): boolean => dealKeyKind(queryKey) === 'detail'

/** The language of the mission texts a list or detail key holds. */
function dealKeyLocale(queryKey: QueryKey): unknown {
  const parts = userDealKeyParts(queryKey)
  return parts?.kind === 'list' || parts?.kind === 'detail' ? parts.locale : undefined
}

/** The states a list key asks for; none means every state. */
function dealListStates(queryKey: QueryKey): readonly DealState[] {
  const parts = userDealKeyParts(queryKey)
  return parts?.kind === 'list' && Array.isArray(parts.argument) ? (parts.argument as DealState[]) : []
}

/** Whether a list shows the deal exactly when its states say it should. */
function listAgrees(query: Query, deal: Deal): boolean {
  const list = query.state.data as List<Deal> | undefined
  // Nothing shown yet: its first answer will be current.
  if (!list) return true
  const states = dealListStates(query.queryKey)
  const belongs = states.length === 0 || states.includes(deal.state)
  return belongs === list.items.some((item) => item.code === deal.code)
}

/**
 * The one way a changed deal reaches the cache, whatever carried it: a mutation's HTTP answer, a
 * `deal:updated` push, or a list or detail refetch. It writes the detail entry, replaces the deal in
 * every list that shows it, and refetches only the lists it must enter or leave (a deal taken, or
 * finished). An answer older than what the cache holds (a refetch overtaken by a push) is not
 * written. `locale` is the language of the deal's mission texts (the active one unless given: pushes
 * come in the owner's saved language, which follows the app's); lists in another language are only
 * refetched. Returns the deal the cache now holds.
 */
export function storeDeal(queryClient: QueryClient, deal: Deal, locale: Locale = currentLocale()): Deal {
  const username = deal.user.username
  const detailKey = dealQueries.detail(username, deal.mission.code, locale).queryKey
  const known = queryClient.getQueryData(detailKey)
  // ISO-8601 timestamps of one server clock compare as text.
  if (known && known.code === deal.code && known.updatedAt > deal.updatedAt) return known
  queryClient.setQueryData(detailKey, deal)
  const lists = dealQueries.lists(username)
  const sameLocale = (query: Query) => dealKeyLocale(query.queryKey) === locale
  queryClient.setQueriesData<List<Deal>>({ queryKey: lists, predicate: sameLocale }, (list) =>
    list?.items.some((item) => item.code === deal.code)
      ? { ...list, items: list.items.map((item) => (item.code === deal.code ? deal : item)) }
      : list,
  )
  // A list already on its way brings the server's own answer: it is not asked twice. A list in
  // another language cannot take this deal's texts: it reads its own when shown again.
  void queryClient.invalidateQueries(
    { queryKey: lists, predicate: (query) => !sameLocale(query) || !listAgrees(query, deal) },
    { cancelRefetch: false },
  )
  return deal
}

/** The cached deal with this (deal) code, whoever's it is: events name the deal, keys the mission. */
function cachedDeal(queryClient: QueryClient, dealCode: string): Deal | undefined {
  for (const query of queryClient.getQueryCache().findAll({ queryKey: dealQueries.everyUser() })) {
    const data = query.state.data as Deal | List<Deal> | undefined
    if (!data) continue
    if (isDealDetailKey(query.queryKey) && (data as Deal).code === dealCode) return data as Deal
    if (isDealListKey(query.queryKey)) {
      const found = (data as List<Deal>).items.find((item) => item.code === dealCode)
      if (found) return found
    }
  }
  return undefined
}

/** The key of a deal's clicks per day (stats.ts; kept apart so the first route does not load it). */
export const dealStatsKey = (username: string, code: string) =>
  [...dealQueries.all(username), 'stats', code] as const

/** Adds a pushed event to its deal's event list, once (the server also answers it on a refetch). */
export function storeDealEvent(queryClient: QueryClient, dealCode: string, event: DealEvent): void {
  const deal = cachedDeal(queryClient, dealCode)
  if (!deal) return
  const key = dealQueries.triggers(deal.user.username, deal.mission.code).queryKey
  // A pushed click moves the day's counts: the chart's per-day read is asked again.
  if (event.type === 'click') {
    void queryClient.invalidateQueries({
      queryKey: dealStatsKey(deal.user.username, deal.mission.code),
    })
  }
  // An answer on its way may have been read before this event was written, and would land over it (or,
  // with no list yet, the event would have nowhere to go): the list is asked again instead.
  const state = queryClient.getQueryState(key)
  if (state && (state.fetchStatus === 'fetching' || state.data === undefined)) {
    const filters = { queryKey: key, exact: true }
    void queryClient.cancelQueries(filters).then(() => queryClient.invalidateQueries(filters))
    return
  }
  queryClient.setQueryData<List<DealEvent>>(key, (list) =>
    list && !list.items.some((item) => item.id === event.id)
      ? { ...list, items: [event, ...list.items], total: (list.total ?? list.items.length) + 1 }
      : list,
  )
}

/** The goal widget's public view; kept out of the persisted 'deals' root (an OBS source has no user). */
export const widgetQueries = {
  view: (token: string, locale = '') =>
    queryOptions({
      queryKey: ['widgets', token, locale] as const,
      // The overlay URL's `lang`; an older URL without one gets its owner's language (the server's choice).
      queryFn: ({ signal }) => fetchWidgetView(token, signal, locale || undefined),
      retry: false,
    }),
}
