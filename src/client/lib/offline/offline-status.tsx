import { Trans, useLingui } from '@lingui/react/macro'
import { onlineManager, type QueryClient, useMutationState, useQueryClient } from '@tanstack/react-query'
import { useCallback, useSyncExternalStore } from 'react'
import { formatLocalDateTime } from '#shared/format-date.ts'
import { describeOfflineMutation } from './mutation-defaults'
import { isLiveQuery } from './query-roots'

/** Whether the app believes it can reach the server (see reachability.ts). */
export function useOnline(): boolean {
  return useSyncExternalStore(
    (listener) => onlineManager.subscribe(listener),
    () => onlineManager.isOnline(),
    () => true,
  )
}

/** When the live data shown (deals, wallet) was last fetched from the server (0: never). */
function lastSyncedAt(queryClient: QueryClient): number {
  let latest = 0
  for (const query of queryClient.getQueryCache().getAll()) {
    if (isLiveQuery(query) && query.state.dataUpdatedAt > latest) {
      latest = query.state.dataUpdatedAt
    }
  }
  return latest
}

function useLastSynced(): number {
  const queryClient = useQueryClient()
  const subscribe = useCallback(
    (listener: () => void) => queryClient.getQueryCache().subscribe(listener),
    [queryClient],
  )
  return useSyncExternalStore(
    subscribe,
    () => lastSyncedAt(queryClient),
    () => 0,
  )
}

/**
 * The strip under the header: says when the app is offline and how old the data is, and
 * lists the changes waiting to be sent. Renders nothing when online with nothing waiting.
 */
export function OfflineStatus() {
  const { t } = useLingui()
  const online = useOnline()
  const syncedAt = useLastSynced()
  const waiting = useMutationState({
    filters: { predicate: (mutation) => mutation.state.isPaused },
    select: (mutation) => describeOfflineMutation(mutation.options.mutationKey, mutation.state.variables),
  })
  if (online && waiting.length === 0) return null
  // The date filter's DD/MM/YYYY, in the viewer's own time: when their device last synced.
  const synced = syncedAt ? formatLocalDateTime(syncedAt) : null
  return (
    <section className="offline-status" aria-label={t`Connection status`} data-testid="offline-status">
      <div className="container offline-status-inner" role="status" aria-live="polite">
        {online ? null : (
          <p className="offline-status-line">
            <span className="offline-dot" aria-hidden="true" />
            <strong>
              <Trans>Offline</Trans>
            </strong>{' '}
            {synced ? (
              <span data-testid="last-synced">
                <Trans>Last synced {synced}</Trans>
              </span>
            ) : (
              <Trans>Changes are sent when the connection is back.</Trans>
            )}
          </p>
        )}
        {waiting.length > 0 ? (
          <div className="offline-waiting">
            <strong>
              <Trans>Waiting to send</Trans>
            </strong>
            <ul>
              {waiting.map((label, index) => (
                // Two identical queued changes are possible; their order is stable.
                // biome-ignore lint/suspicious/noArrayIndexKey: labels alone may repeat
                <li key={`${index}-${label}`}>{label}</li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
    </section>
  )
}
