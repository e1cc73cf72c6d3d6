import { i18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { type Mutation, type MutationKey, onlineManager, type QueryClient } from '@tanstack/react-query'
import { featuresReady } from '../features-ready'
import { notify } from '../toast'

/**
 * The changes a user may make offline. Each feature registers its own (app-features.ts):
 * a key, a function that sends it, the line that describes it and the message of a refusal. The
 * functions are set on the query client with `setMutationDefaults` BEFORE the persisted cache is
 * restored, so a change queued before a reload or an app close can still be sent afterwards.
 * Payouts are deliberately absent: money does not move from a queue.
 *
 * Features name their changes by extending this interface (declaration merging), which types
 * `sendOrQueue` by name:
 *
 *     declare module '../../lib/offline/mutation-defaults' {
 *       interface OfflineMutations { takeMission: { variables: DealVariables; result: Deal } }
 *     }
 */
// biome-ignore lint/suspicious/noEmptyInterface: the members come from the features, by declaration merging
export interface OfflineMutations {}

export type OfflineMutationName = keyof OfflineMutations

/** What a queued change carries: serialisable variables (persisted in IndexedDB) and its answer. */
export interface OfflineMutationShape {
  variables: object
  result: unknown
}

type Shape<N extends OfflineMutationName> = OfflineMutations[N] extends OfflineMutationShape
  ? OfflineMutations[N]
  : never
/**
 * Every queued change carries the Idempotency-Key it got when it was made, persisted with it and
 * sent on every attempt, by the page or the service worker (Background Sync): the server applies
 * it once. Changes queued by an older release have none and are sent as before.
 */
export interface Keyed {
  idempotencyKey?: string
}
type VariablesOf<N extends OfflineMutationName> = Shape<N>['variables']
type ResultOf<N extends OfflineMutationName> = Shape<N>['result']

export interface OfflineMutationDefinition<N extends OfflineMutationName> {
  /** Stored with each queued change: it must not change between releases, or queued changes are lost. */
  key: MutationKey
  /** Sends the change (with its key's header) and writes its answer into the cache. */
  send: (variables: VariablesOf<N> & Keyed, queryClient: QueryClient) => Promise<ResultOf<N>>
  /** The human line for the queued change, in "waiting to send" and in the toasts. */
  describe: (variables: VariablesOf<N>) => string
  /** Why the server refused it, from the feature's own error messages; undefined for the generic line. */
  refusal?: (error: unknown) => string | undefined
}

/** A definition with its types erased: the registry holds every feature's in one map. */
interface RegisteredDefinition {
  key: MutationKey
  send: (variables: unknown, queryClient: QueryClient) => Promise<unknown>
  describe: (variables: unknown) => string
  refusal?: (error: unknown) => string | undefined
}

const definitions = new Map<string, RegisteredDefinition>()

/** A feature's offline change; register before `startOffline` (the composition root does). */
export function registerOfflineMutation<N extends OfflineMutationName>(
  name: N,
  definition: OfflineMutationDefinition<N>,
): void {
  // Erased once here: each change's variables come back from its own key, typed by its name.
  definitions.set(name, definition as unknown as RegisteredDefinition)
}

const sameKey = (a: MutationKey, b: MutationKey | undefined): boolean =>
  b !== undefined && a.length === b.length && a.every((part, index) => part === b[index])

function definitionOf(key: MutationKey | undefined): RegisteredDefinition | undefined {
  for (const definition of definitions.values()) if (sameKey(definition.key, key)) return definition
  return undefined
}

/** Variables whose caller still awaits the outcome (and reports it); the others are reported here. */
const awaitedByCaller = new WeakSet<object>()
const isAwaited = (variables: unknown): boolean =>
  typeof variables === 'object' && variables !== null && awaitedByCaller.has(variables)

/**
 * A change the offline queue holds until the server has it: waiting (paused), or on its way after
 * waiting (handed off, so no caller awaits it). A change sent at once, its caller awaiting it, is not.
 */
export function isQueuedChange(mutation: Mutation<unknown, Error, unknown, unknown>): boolean {
  if (mutation.state.status !== 'pending') return false
  if (mutation.state.isPaused) return true
  return definitionOf(mutation.options.mutationKey) !== undefined && !isAwaited(mutation.state.variables)
}

/** The human line for a queued change, in "waiting to send" and in the toasts. */
export function describeOfflineMutation(key: MutationKey | undefined, variables: unknown): string {
  const definition = definitionOf(key)
  if (!definition || typeof variables !== 'object' || variables === null) return i18n._(msg`A change`)
  return definition.describe(variables)
}

// 409: the server's state moved on meanwhile (a deal finished or stopped by someone else).
const HTTP_CONFLICT = 409

function refusalMessage(definition: RegisteredDefinition, error: unknown): string {
  const known = definition.refusal?.(error)
  if (known) return known
  const status = (error as { statusCode?: unknown } | null)?.statusCode
  if (status === HTTP_CONFLICT) return i18n._(msg`It changed on the server meanwhile`)
  return i18n._(msg`The server refused it`)
}

function reportQueued(definition: RegisteredDefinition) {
  return {
    onSuccess: (_result: unknown, variables: unknown) => {
      if (isAwaited(variables)) return
      void notify('success', i18n._(msg`Sent: ${definition.describe(variables)}`))
    },
    // A queued change the server refuses once back online (mission full, deal already finished) is
    // shown, never swallowed: nobody is awaiting it any more.
    onError: (error: unknown, variables: unknown) => {
      if (isAwaited(variables)) return
      void notify(
        'error',
        i18n._(msg`Not sent: ${definition.describe(variables)}: ${refusalMessage(definition, error)}`),
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

/**
 * Sets every registered change's function on the client (before its persisted cache is restored);
 * setting them again replaces them, so calling it twice is harmless.
 */
export function registerMutationDefaults(queryClient: QueryClient): void {
  for (const definition of definitions.values()) {
    queryClient.setMutationDefaults(definition.key, {
      mutationFn: (variables: unknown) => definition.send(variables, queryClient),
      ...reportQueued(definition),
      ...pauseAtOnce,
    })
  }
}

export type SendOutcome<R> = { queued: true } | { queued: false; result: R }

/**
 * Sends a change now, or queues it when the server cannot be reached: the promise settles with
 * `{ queued: true }` as soon as the change is paused (it is then persisted, shown as "waiting to
 * send", sent when the connection is back, and its outcome reported by a toast). Errors of a change
 * sent at once are thrown to the caller, who shows them on its form.
 */
export async function sendOrQueue<N extends OfflineMutationName>(
  queryClient: QueryClient,
  name: N,
  variables: VariablesOf<N>,
): Promise<SendOutcome<ResultOf<N>>> {
  // Signed in after the app started: the features and their mutation defaults arrive now.
  await featuresReady()
  const definition = definitions.get(name)
  if (!definition) throw new Error(`The offline change "${name}" is not registered (app-features.ts)`)
  registerMutationDefaults(queryClient)
  // Hands the change to the service worker too if it cannot be sent now (Background Sync).
  await import('./background-sync')
    .then((sync) => sync.startBackgroundSync(queryClient))
    .catch(() => undefined)
  const cache = queryClient.getMutationCache()
  const mutation = cache.build<ResultOf<N>, unknown, VariablesOf<N> & Keyed, unknown>(queryClient, {
    mutationKey: definition.key,
  })
  const keyed: VariablesOf<N> & Keyed = { ...variables, idempotencyKey: crypto.randomUUID() }
  awaitedByCaller.add(keyed)
  return new Promise((resolve, reject) => {
    const handOff = () => {
      awaitedByCaller.delete(keyed)
      unsubscribe()
      resolve({ queued: true })
    }
    const unsubscribe = cache.subscribe((event) => {
      if (event.mutation === mutation && mutation.state.isPaused) handOff()
    })
    mutation.execute(keyed).then(
      (result) => {
        unsubscribe()
        if (awaitedByCaller.has(keyed)) resolve({ queued: false, result })
      },
      (error: unknown) => {
        unsubscribe()
        if (awaitedByCaller.has(keyed)) reject(error)
      },
    )
    if (!onlineManager.isOnline() && mutation.state.isPaused) handOff()
  })
}
