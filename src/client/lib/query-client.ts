import { QueryClient } from '@tanstack/react-query'

// 30 s: lists change slowly; the socket pushes the changes that matter sooner.
const staleTimeMs = 30_000
// 24 h: must be at least the persister's maxAge, or restored data would be dropped at once.
export const queryGcTimeMs = 24 * 60 * 60 * 1000

/** The query client lives in its own module so routes and main.tsx share it without a cycle. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: staleTimeMs, gcTime: queryGcTimeMs, refetchOnWindowFocus: false },
    },
  })
}
