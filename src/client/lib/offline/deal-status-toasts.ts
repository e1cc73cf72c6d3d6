import { i18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { QueryCacheNotifyEvent, QueryClient } from '@tanstack/react-query'
import type { Deal, DealState } from '../../../shared/contract/deals'
import { notify } from '../toast'
import { offlineMutationKeys } from './mutation-defaults'

/**
 * A toast naming the mission whenever a deal's state changes under the user (DESIGN §4): pushed by
 * the socket, or found by the refetch after a reconnect (a deal finished while the phone was offline).
 * It watches the query cache, so it does not matter which path brought the new state.
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
  const key = event.query.queryKey
  return key[0] === 'deals' && key[1] === 'user'
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
    .findAll({ mutationKey: offlineMutationKeys.stopDeal })
    .some(
      (mutation) =>
        (mutation.state.variables as { missionCode?: string } | undefined)?.missionCode === deal.mission.code,
    )
}

export function watchDealStatus(queryClient: QueryClient): () => void {
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
  for (const query of queryClient.getQueryCache().findAll({ queryKey: ['deals', 'user'] })) {
    record(query.state.data, false)
  }
  return queryClient.getQueryCache().subscribe((event) => {
    if (!isDealQuery(event)) return
    // Restoring or first loading a query teaches the current states; only later changes are news.
    if (event.type === 'added') record(event.query.state.data, false)
    if (event.type === 'updated' && event.action.type === 'success') record(event.query.state.data, true)
  })
}
