import { Trans, useLingui } from '@lingui/react/macro'
import { type QueryClient, useMutationState, useQueryClient } from '@tanstack/react-query'
import { type ReactNode, useCallback, useSyncExternalStore } from 'react'
import { formatLocalDateTime } from '#shared/format-date.ts'
import { describeOfflineMutation, isQueuedChange } from './mutation-defaults'
import { isLiveQuery } from './query-roots'
import { useOnline } from './use-online'

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

interface QueuedChange {
  label: string
  paused: boolean
}

/**
 * The changes queued while offline, until the server has them: a change stays listed while it is on
 * its way (it leaves the strip when its answer arrives, not when it is sent), and a change sent at
 * once is never listed.
 */
function useQueuedChanges(): QueuedChange[] {
  return useMutationState({
    filters: { predicate: isQueuedChange },
    select: (mutation) => ({
      label: describeOfflineMutation(mutation.options.mutationKey, mutation.state.variables),
      paused: mutation.state.isPaused,
    }),
  })
}

function ChangeList({ title, labels, testId }: { title: ReactNode; labels: string[]; testId: string }) {
  return (
    <div className="offline-waiting" data-testid={testId}>
      <strong>{title}</strong>
      <ul>
        {labels.map((label, index) => (
          // Two identical queued changes are possible; their order is stable.
          // biome-ignore lint/suspicious/noArrayIndexKey: labels alone may repeat
          <li key={`${index}-${label}`}>{label}</li>
        ))}
      </ul>
    </div>
  )
}

/**
 * The strip under the header: says when the app is offline and how old the data is, and
 * lists the changes waiting to be sent, then being sent. Renders nothing when online with nothing
 * queued.
 */
export function OfflineStatus() {
  const { t } = useLingui()
  const online = useOnline()
  const syncedAt = useLastSynced()
  const queued = useQueuedChanges()
  const waiting = queued.filter((change) => change.paused).map((change) => change.label)
  const sending = queued.filter((change) => !change.paused).map((change) => change.label)
  if (online && queued.length === 0) return null
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
          <ChangeList title={<Trans>Waiting to send</Trans>} labels={waiting} testId="changes-waiting" />
        ) : null}
        {sending.length > 0 ? (
          <ChangeList title={<Trans>Sending…</Trans>} labels={sending} testId="changes-sending" />
        ) : null}
      </div>
    </section>
  )
}
