import type { QueryClient } from '@tanstack/react-query'
import type { CheckResponse, Deal } from '../../../shared/contract/deals'
import type { TrackingKind } from '../../../shared/deal-links'
import { request } from '../../lib/http'
import { dealQueries, missionQueries } from './queries'

/** Writes a fresh deal into its detail query and refreshes the lists it appears in. */
export function storeDeal(queryClient: QueryClient, deal: Deal): void {
  const username = deal.user.username
  queryClient.setQueryData(dealQueries.detail(username, deal.mission.code).queryKey, deal)
  void queryClient.invalidateQueries({ queryKey: dealQueries.lists(username) })
}

export async function takeMission(
  queryClient: QueryClient,
  username: string,
  missionCode: string,
): Promise<Deal> {
  const deal = await request<Deal, 'subscriptionCreate'>('subscriptionCreate', {
    params: { code: missionCode, username },
  })
  storeDeal(queryClient, deal)
  void queryClient.invalidateQueries({ queryKey: missionQueries.all() })
  return deal
}

export async function stopDeal(
  queryClient: QueryClient,
  username: string,
  missionCode: string,
): Promise<Deal> {
  const deal = await request<Deal, 'userDealStop'>('userDealStop', {
    params: { username, code: missionCode },
  })
  storeDeal(queryClient, deal)
  void queryClient.invalidateQueries({ queryKey: dealQueries.triggers(username, missionCode).queryKey })
  return deal
}

export async function regenerateWidgetToken(
  queryClient: QueryClient,
  username: string,
  missionCode: string,
): Promise<Deal> {
  const deal = await request<Deal, 'userDealWidgetToken'>('userDealWidgetToken', {
    params: { username, code: missionCode },
  })
  storeDeal(queryClient, deal)
  return deal
}

/** A viewer's visit on a tracked link: where to send them (and, for the landing, whose code it is). */
export function checkTrackedLink(
  kind: TrackingKind,
  missionCode: string,
  username: string,
): Promise<CheckResponse> {
  return request<CheckResponse, 'subscriptionCheck'>('subscriptionCheck', {
    params: { code: missionCode, username },
    body: { kind },
  })
}
