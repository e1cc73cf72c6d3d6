import { i18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { QueryCacheNotifyEvent, QueryClient, QueryKey } from '@tanstack/react-query'
import { whileSignedIn } from '#client/lib/offline/offline-provider.tsx'
import { registerQueryRoot } from '#client/lib/offline/query-roots.ts'
import { type LiveHandlers, registerLiveHandlers } from '#client/lib/socket.ts'
import { notify } from '#client/lib/toast.ts'
import type { Deal, DealState } from '#shared/contract/deals.ts'
import { dealMutationKeys } from './mutations'
import { dealQueries, isDealDetailKey, isDealListKey, storeDeal, storeDealEvent } from './queries'
import { registerUnseenBadge } from './unseen-badge'

/**
 * The deals feature's live side: socket pushes go into the cache through the same writer
 * as HTTP answers (`storeDeal`), deal data is kept live and persisted, and a toast names the mission
 * whenever a deal's state changes under the user.
 */

const dealHandlers: LiveHandlers = {
  'deal:updated': (queryClient, deal) => {
    storeDeal(queryClient, deal)
  },
  'deal:event': (queryClient, { dealCode, event }) => storeDealEvent(queryClient, dealCode, event),
}

/** A deal's state (lists and detail) shows first after a reconnect; the rest of 'deals' follows. */
function isPrimaryDealQuery(queryKey: QueryKey): boolean {
  return isDealListKey(queryKey) || isDealDetailKey(queryKey)
}

/*
 * The toast watches the query cache, not the socket: a state pushed by the socket and one found by
 * the refetch after a reconnect (a deal finished while the phone was offline) are announced alike.
 */

function dealsIn(data: unknown): Deal[] {
  if (typeof data !== 'object' || data === null) return []
  const items = (data as { items?: unknown }).items
  const candidates = Array.isArray(items) ? items : [data]
  return candidates.filter(
    (item): item is Deal =>
      typeof item === 'object' &&
      item !== null &&
      typeof (item as Deal).code === 'string' &&
      typeof (item as Deal).state === 'string' &&
      typeof (item as Deal).mission?.title === 'string',
  )
}

function isDealQuery(event: QueryCacheNotifyEvent): boolean {
  const [root, scope] = event.query.queryKey
  const [dealsRoot, userScope] = dealQueries.everyUser()
  return root === dealsRoot && scope === userScope
}

function message(deal: Deal): string {
  const title = deal.mission.title
  const messages: Record<DealState, string> = {
    finished: i18n._(msg`“${title}” is completed`),
    stopped: i18n._(msg`“${title}” is stopped`),
    inprogress: i18n._(msg`“${title}” is in progress`),
  }
  return messages[deal.state]
}

/** The user's own stop (queued or not) already says so; a second toast would be noise. */
function stoppedByUser(queryClient: QueryClient, deal: Deal): boolean {
  return queryClient
    .getMutationCache()
    .findAll({ mutationKey: dealMutationKeys.stop })
    .some(
      (mutation) =>
        (mutation.state.variables as { missionCode?: string } | undefined)?.missionCode === deal.mission.code,
    )
}

/** Announces deal state changes from now on; returns the stop function. */
function watchDealStatus(queryClient: QueryClient): () => void {
  const known = new Map<string, DealState>()
  const record = (data: unknown, announce: boolean) => {
    for (const deal of dealsIn(data)) {
      const before = known.get(deal.code)
      known.set(deal.code, deal.state)
      if (announce && before !== undefined && before !== deal.state && !stoppedByUser(queryClient, deal)) {
        void notify('info', message(deal))
      }
    }
  }
  for (const query of queryClient.getQueryCache().findAll({ queryKey: dealQueries.everyUser() })) {
    record(query.state.data, false)
  }
  return queryClient.getQueryCache().subscribe((event) => {
    if (!isDealQuery(event)) return
    // Restoring or first loading a query teaches the current states; only later changes are news.
    if (event.type === 'added') record(event.query.state.data, false)
    if (event.type === 'updated' && event.action.type === 'success') record(event.query.state.data, true)
  })
}

/** Registers the deals feature with the socket and the offline machinery (from app-features.ts). */
export function registerDealLive(): void {
  registerLiveHandlers(dealHandlers)
  registerQueryRoot({ root: dealQueries.everyUser()[0], live: true, isPrimary: isPrimaryDealQuery })
  whileSignedIn(watchDealStatus)
  registerUnseenBadge()
}
