import { queryOptions } from '@tanstack/react-query'
import type { List } from '../../../shared/contract/common'
import type { Deal, DealEvent, DealState, Mission, WidgetView } from '../../../shared/contract/deals'
import { request } from '../../lib/http'

/** Query options for missions (the public catalogue); keys are hierarchical under 'deals'. */
export const missionQueries = {
  all: () => ['deals', 'missions'] as const,
  list: (options: { excludeCurrentUser?: boolean } = {}) =>
    queryOptions({
      queryKey: [
        ...missionQueries.all(),
        'list',
        { excludeCurrentUser: options.excludeCurrentUser ?? false },
      ] as const,
      queryFn: ({ signal }) =>
        request<{ items: Mission[] }, 'missions'>('missions', {
          query: options.excludeCurrentUser ? { exclude_current_user: 'true' } : {},
          signal,
        }),
    }),
  detail: (code: string) =>
    queryOptions({
      queryKey: [...missionQueries.all(), 'detail', code] as const,
      queryFn: ({ signal }) => request<Mission, 'mission'>('mission', { params: { code }, signal }),
    }),
}

/** SPEC §9: the deal states the client asks for. */
export const IN_PROGRESS_STATES: DealState[] = ['inprogress', 'stopped']
export const COMPLETED_STATES: DealState[] = ['finished']

/**
 * A user's deals. Keys: ['deals', 'user', username, ...]; `detail` is addressed by the MISSION code,
 * as the API is. The socket client writes `deal:updated` and `deal:event` into these keys.
 */
export const dealQueries = {
  all: (username: string) => ['deals', 'user', username.toLowerCase()] as const,
  lists: (username: string) => [...dealQueries.all(username), 'list'] as const,
  list: (username: string, states: readonly DealState[] = []) =>
    queryOptions({
      queryKey: [...dealQueries.lists(username), [...states].sort()] as const,
      queryFn: ({ signal }) =>
        request<List<Deal>, 'userDeals'>('userDeals', {
          params: { username },
          query: { state: states },
          signal,
        }),
    }),
  detail: (username: string, code: string) =>
    queryOptions({
      queryKey: [...dealQueries.all(username), 'detail', code] as const,
      queryFn: ({ signal }) => request<Deal, 'userDeal'>('userDeal', { params: { username, code }, signal }),
    }),
  triggers: (username: string, code: string) =>
    queryOptions({
      queryKey: [...dealQueries.all(username), 'triggers', code] as const,
      queryFn: ({ signal }) =>
        request<List<DealEvent>, 'userDealTriggers'>('userDealTriggers', {
          params: { username, code },
          signal,
        }),
    }),
}

/** The goal widget's public view; kept out of the persisted 'deals' root (an OBS source has no user). */
export const widgetQueries = {
  view: (token: string) =>
    queryOptions({
      queryKey: ['widgets', token] as const,
      queryFn: ({ signal }) => request<WidgetView, 'widget'>('widget', { params: { token }, signal }),
      retry: false,
    }),
}
