import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query'
import { firstScreenPainted } from './first-paint'
import { isNetworkError, markUnreachable } from './offline/reachability'

// 30 s: lists change slowly; the socket pushes the changes that matter sooner.
const staleTimeMs = 30_000
// 24 h: must be at least the persister's maxAge, or restored data would be dropped at once.
export const queryGcTimeMs = 24 * 60 * 60 * 1000
// 3 attempts for a query that failed with an HTTP error the server may get over (5xx).
const queryAttempts = 3
const HTTP_CLIENT_ERROR_MIN = 400
const HTTP_CLIENT_ERROR_MAX = 499

function statusOf(error: unknown): number | undefined {
  const status = (error as { statusCode?: unknown } | null)?.statusCode
  return typeof status === 'number' ? status : undefined
}

/**
 * A network failure means "offline": it flips the online manager, so the query or mutation pauses
 * (and a mutation is persisted) instead of failing, and resumes once the server answers again.
 */
function retryQuery(failureCount: number, error: unknown): boolean {
  if (isNetworkError(error)) {
    markUnreachable()
    return true
  }
  const status = statusOf(error)
  if (status !== undefined && status >= HTTP_CLIENT_ERROR_MIN && status <= HTTP_CLIENT_ERROR_MAX) return false
  return failureCount < queryAttempts - 1
}

function retryMutation(_failureCount: number, error: unknown): boolean {
  if (!isNetworkError(error)) return false
  markUnreachable()
  return true
}

const noteNetworkFailure = (error: unknown) => {
  if (isNetworkError(error)) markUnreachable()
}

/** The query client lives in its own module so routes and main.tsx share it without a cycle. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: noteNetworkFailure }),
    mutationCache: new MutationCache({ onError: noteNetworkFailure }),
    defaultOptions: {
      queries: {
        staleTime: staleTimeMs,
        gcTime: queryGcTimeMs,
        refetchOnWindowFocus: false,
        // Cached data on the first screen is shown first and refreshed once painted (lib/first-paint.ts).
        refetchOnMount: firstScreenPainted,
        retry: retryQuery,
      },
      mutations: { gcTime: queryGcTimeMs, retry: retryMutation },
    },
  })
}
