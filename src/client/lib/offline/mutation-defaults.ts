import { i18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { type MutationKey, onlineManager, type QueryClient } from '@tanstack/react-query'
import type { User } from '../../../shared/contract/auth'
import type { Deal } from '../../../shared/contract/deals'
import type { Wallet, WalletBody } from '../../../shared/contract/wallet'
import { stopDeal, takeMission } from '../../features/deals/api'
import { createWallet, updateWallet } from '../../features/wallet/api'
import { ApiException, request } from '../http'
import { setUser } from '../session'
import { notify } from '../toast'

/**
 * The changes a user may make offline (DESIGN §4): each has a key and a serialisable variables
 * object, and its function is registered here with `setMutationDefaults` BEFORE the persisted cache
 * is restored, so a change queued before a reload or an app close can still be sent afterwards.
 * Payouts are deliberately absent: money does not move from a queue.
 */
export const offlineMutationKeys = {
  takeMission: ['offline', 'deals', 'take'],
  stopDeal: ['offline', 'deals', 'stop'],
  profile: ['offline', 'account', 'profile'],
  wallet: ['offline', 'wallet', 'save'],
} as const satisfies Record<string, MutationKey>

interface DealVariables {
  username: string
  missionCode: string
  /** For the "waiting to send" list and the toasts: the mission by name, even after a reload. */
  missionTitle: string
}

export interface OfflineMutations {
  takeMission: { variables: DealVariables; result: Deal }
  stopDeal: { variables: DealVariables; result: Deal }
  /** Offline profile edits carry no password: an e-mail change needs a connection. */
  profile: { variables: { username: string; body: { phone: string | null } }; result: User }
  wallet: { variables: { username: string; body: WalletBody; create: boolean }; result: Wallet }
}

export type OfflineMutationName = keyof OfflineMutations

/** Variables whose caller still awaits the outcome (and reports it); the others are reported here. */
const awaitedByCaller = new WeakSet<object>()

/** The human line for a queued change, in "waiting to send" and in the toasts. */
export function describeOfflineMutation(key: MutationKey | undefined, variables: unknown): string {
  const title = (variables as Partial<DealVariables> | undefined)?.missionTitle ?? ''
  switch (key?.[2]) {
    case 'take':
      return i18n._(msg`Take the mission “${title}”`)
    case 'stop':
      return i18n._(msg`Stop the deal “${title}”`)
    case 'profile':
      return i18n._(msg`Profile changes`)
    case 'save':
      return i18n._(msg`Wallet and business details`)
    default:
      return i18n._(msg`A change`)
  }
}

function conflictMessage(error: unknown): string {
  const key = error instanceof ApiException ? error.errors.errors?.[0] : undefined
  if (key === 'deal.mission_full') return i18n._(msg`the mission is full`)
  if (key === 'deal.already_taken') return i18n._(msg`you already have this deal`)
  if (key === 'deal.mission_closed' || key === 'deal.mission_ended') return i18n._(msg`the mission is over`)
  const status = (error as { statusCode?: unknown } | null)?.statusCode
  // 409: the deal changed meanwhile (finished or stopped by someone else).
  if (status === 409) return i18n._(msg`it changed on the server meanwhile`)
  return i18n._(msg`the server refused it`)
}

function reportQueued(key: MutationKey) {
  return {
    onSuccess: (_result: unknown, variables: object) => {
      if (awaitedByCaller.has(variables)) return
      void notify('success', i18n._(msg`Sent: ${describeOfflineMutation(key, variables)}`))
    },
    // A queued change the server refuses once back online (mission full, deal already finished) is
    // shown, never swallowed: nobody is awaiting it any more.
    onError: (error: unknown, variables: object) => {
      if (awaitedByCaller.has(variables)) return
      void notify(
        'error',
        i18n._(msg`Not sent: ${describeOfflineMutation(key, variables)}: ${conflictMessage(error)}`),
      )
    },
  }
}

/**
 * A change that failed at the network level retries only once the server answers again
 * (query-client.ts): without a delay it pauses at once, so it shows as "waiting to send" and is
 * persisted. The default backoff (1 s, 2 s, 4 s…) would leave it neither sent nor paused meanwhile,
 * and a reload in that gap would lose it.
 */
const pauseAtOnce = { retryDelay: 0 }

export function registerMutationDefaults(queryClient: QueryClient): void {
  const keys = offlineMutationKeys
  queryClient.setMutationDefaults(keys.takeMission, {
    mutationFn: (v: DealVariables) => takeMission(queryClient, v.username, v.missionCode),
    ...reportQueued(keys.takeMission),
    ...pauseAtOnce,
  })
  queryClient.setMutationDefaults(keys.stopDeal, {
    mutationFn: (v: DealVariables) => stopDeal(queryClient, v.username, v.missionCode),
    ...reportQueued(keys.stopDeal),
    ...pauseAtOnce,
  })
  queryClient.setMutationDefaults(keys.profile, {
    mutationFn: async (v: OfflineMutations['profile']['variables']) => {
      const user = await request<User, 'userUpdate'>('userUpdate', {
        params: { user: v.username },
        body: v.body,
      })
      setUser(user)
      return user
    },
    ...reportQueued(keys.profile),
    ...pauseAtOnce,
  })
  queryClient.setMutationDefaults(keys.wallet, {
    mutationFn: (v: OfflineMutations['wallet']['variables']) =>
      v.create
        ? createWallet(queryClient, v.username, v.body)
        : updateWallet(queryClient, v.username, v.body),
    ...reportQueued(keys.wallet),
    ...pauseAtOnce,
  })
}

export type SendOutcome<R> = { queued: true } | { queued: false; result: R }

/**
 * Sends a change now, or queues it when the server cannot be reached: the promise settles with
 * `{ queued: true }` as soon as the change is paused (it is then persisted, shown as "waiting to
 * send", sent when the connection is back, and its outcome reported by a toast). Errors of a change
 * sent at once are thrown to the caller, who shows them on its form.
 */
export function sendOrQueue<N extends OfflineMutationName>(
  queryClient: QueryClient,
  name: N,
  variables: OfflineMutations[N]['variables'],
): Promise<SendOutcome<OfflineMutations[N]['result']>> {
  const cache = queryClient.getMutationCache()
  const mutation = cache.build<
    OfflineMutations[N]['result'],
    unknown,
    OfflineMutations[N]['variables'],
    unknown
  >(queryClient, { mutationKey: offlineMutationKeys[name] })
  awaitedByCaller.add(variables)
  return new Promise((resolve, reject) => {
    const handOff = () => {
      awaitedByCaller.delete(variables)
      unsubscribe()
      resolve({ queued: true })
    }
    const unsubscribe = cache.subscribe((event) => {
      if (event.mutation === mutation && mutation.state.isPaused) handOff()
    })
    mutation.execute(variables).then(
      (result) => {
        unsubscribe()
        if (awaitedByCaller.has(variables)) resolve({ queued: false, result })
      },
      (error: unknown) => {
        unsubscribe()
        if (awaitedByCaller.has(variables)) reject(error)
      },
    )
    if (!onlineManager.isOnline() && mutation.state.isPaused) handOff()
  })
}
