import { i18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { type Mutation, type QueryClient, useMutationState } from '@tanstack/react-query'
import { type Keyed, registerOfflineMutation, sendOrQueue } from '#client/lib/offline/mutation-defaults.ts'
import type { Deal } from '#shared/contract/deals.ts'
import { renewUserDealWidgetToken, stopUserDeal, subscribeToMission } from './api'
import { dealRefusal } from './messages'
import { dealQueries, missionQueries, storeDeal } from './queries'

/** What a queued deal change carries; the title names the mission in "waiting to send" and toasts. */
export interface DealVariables {
  username: string
  missionCode: string
  missionTitle: string
}

declare module '../../lib/offline/mutation-defaults' {
  interface OfflineMutations {
    takeMission: { variables: DealVariables; result: Deal }
    stopDeal: { variables: DealVariables; result: Deal }
  }
}

/** Stored with each queued change (IndexedDB): changing them would strand changes queued before. */
export const dealMutationKeys = {
  take: ['offline', 'deals', 'take'],
  stop: ['offline', 'deals', 'stop'],
} as const

async function sendTake(variables: DealVariables & Keyed, queryClient: QueryClient): Promise<Deal> {
  const deal = storeDeal(
    queryClient,
    await subscribeToMission(variables.username, variables.missionCode, variables.idempotencyKey),
  )
  // One spot fewer, and the mission leaves the caller's "available" list.
  void queryClient.invalidateQueries({ queryKey: missionQueries.all() })
  return deal
}

async function sendStop(variables: DealVariables & Keyed, queryClient: QueryClient): Promise<Deal> {
  const { username, missionCode } = variables
  const deal = storeDeal(queryClient, await stopUserDeal(username, missionCode, variables.idempotencyKey))
  void queryClient.invalidateQueries({ queryKey: dealQueries.triggers(username, missionCode).queryKey })
  return deal
}

/**
 * Takes a mission now, or queues it when the server cannot be reached (`{ queued: true }`); a queued
 * take is sent once back online and its outcome reported by a toast.
 */
export async function takeMission(queryClient: QueryClient, variables: DealVariables) {
  // One waiting take per mission: a second would be sent after the first and refused (409) on replay.
  const waiting = queryClient
    .getMutationCache()
    .findAll({ mutationKey: dealMutationKeys.take, predicate: waitsToTake(variables.missionCode) })
  if (waiting.length > 0) return { queued: true } as const
  return sendOrQueue(queryClient, 'takeMission', variables)
}

const waitsToTake =
  (missionCode: string) =>
  (mutation: Mutation<unknown, Error, unknown>): boolean =>
    mutation.state.isPaused &&
    (mutation.state.variables as Partial<DealVariables> | undefined)?.missionCode === missionCode

/** Whether a take of this mission waits in the offline queue: its card says so instead of offering it. */
export function useTakeQueued(missionCode: string): boolean {
  const waiting = useMutationState({
    filters: { mutationKey: dealMutationKeys.take, predicate: waitsToTake(missionCode) },
    select: () => true,
  })
  return waiting.length > 0
}

/** Stops a deal now, or queues the stop when offline; stopping is final. */
export function stopDeal(queryClient: QueryClient, variables: DealVariables) {
  return sendOrQueue(queryClient, 'stopDeal', variables)
}

/** A new widget token: the old widget link stops at once. Online only (nothing to gain from a queue). */
export async function renewWidgetToken(
  queryClient: QueryClient,
  username: string,
  missionCode: string,
): Promise<Deal> {
  return storeDeal(queryClient, await renewUserDealWidgetToken(username, missionCode))
}

/** The deal changes a user may make offline, registered with lib/offline (from app-features.ts). */
export function registerDealMutations(): void {
  const refusal = (error: unknown) => dealRefusal(i18n, error)
  registerOfflineMutation('takeMission', {
    key: dealMutationKeys.take,
    send: sendTake,
    describe: ({ missionTitle: title }) => i18n._(msg`Take the mission “${title}”`),
    refusal,
  })
  registerOfflineMutation('stopDeal', {
    key: dealMutationKeys.stop,
    send: sendStop,
    describe: ({ missionTitle: title }) => i18n._(msg`Stop the deal “${title}”`),
    refusal,
  })
}
