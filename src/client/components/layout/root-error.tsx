import type { ErrorComponentProps } from '@tanstack/react-router'
import { isChunkLoadError, isOnlineNow, reloadForChunkError } from '#client/lib/chunk-reload.ts'
import { PendingPage } from '../ui/pending-page'
import { ErrorPage, OfflinePage } from './error-page'

const unauthorized = 401

function statusOf(error: unknown): number {
  if (typeof error === 'object' && error !== null) {
    const { status, statusCode } = error as { status?: unknown; statusCode?: unknown }
    if (typeof status === 'number') return status
    if (typeof statusCode === 'number') return statusCode
  }
  return 500
}

/** What the app shows when a route fails to load or render (the root route's error component). */
export function RootError({ error }: ErrorComponentProps) {
  if (isChunkLoadError(error)) {
    // A route chunk from an older deploy: reload into the new version, at most once a minute.
    if (reloadForChunkError()) return null
    // Or one this device never fetched, asked for offline.
    if (!isOnlineNow()) return <OfflinePage />
  }
  const status = statusOf(error)
  // A 401 is a session that ended: the login modal is on its way (features/auth/session-end.ts).
  if (status === unauthorized) return <PendingPage />
  return <ErrorPage status={status} message={error instanceof Error ? error.message : undefined} />
}
