import { queryOptions } from '@tanstack/react-query'
import type { Mission } from '../../../shared/contract/deals'
import { request } from '../../lib/http'

/** Query options for missions (the public catalogue); keys are hierarchical under 'deals'. */
export const missionQueries = {
  all: () => ['deals', 'missions'] as const,
  list: () =>
    queryOptions({
      queryKey: [...missionQueries.all(), 'list'] as const,
      queryFn: ({ signal }) => request<{ items: Mission[] }, 'missions'>('missions', { signal }),
    }),
  detail: (code: string) =>
    queryOptions({
      queryKey: [...missionQueries.all(), 'detail', code] as const,
      queryFn: ({ signal }) => request<Mission, 'mission'>('mission', { params: { code }, signal }),
    }),
}
