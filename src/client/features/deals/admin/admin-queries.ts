import { queryOptions } from '@tanstack/react-query'
import { request } from '#client/lib/http.ts'
import type { AdminDealItem, AdminMission } from '#shared/contract/admin.ts'
import type { List } from '#shared/contract/common.ts'
import type { Provider } from '#shared/contract/deals.ts'

/** Admin reads of the deals area; never persisted offline (the 'admin' root is not in the persister). */
export const adminDealQueries = {
  providers: () =>
    queryOptions({
      queryKey: ['admin', 'providers'] as const,
      queryFn: ({ signal }) => request<List<Provider>, 'adminProviders'>('adminProviders', { signal }),
    }),
  missions: () =>
    queryOptions({
      queryKey: ['admin', 'missions'] as const,
      queryFn: ({ signal }) => request<List<AdminMission>, 'adminMissions'>('adminMissions', { signal }),
    }),
  deals: (filter: { state?: string; q?: string; flagged?: boolean }) =>
    queryOptions({
      queryKey: ['admin', 'deals', filter] as const,
      queryFn: ({ signal }) =>
        request<List<AdminDealItem>, 'adminDeals'>('adminDeals', {
          query: {
            state: filter.state || undefined,
            q: filter.q || undefined,
            flagged: filter.flagged ? 'true' : undefined,
          },
          signal,
        }),
    }),
}

/** Flattens a form-error tree into "field: key" lines for a compact admin error summary. */
export function errorLines(error: unknown): string[] {
  const body = (error as { errors?: unknown; data?: { errors?: unknown; message?: string } } | null) ?? null
  const tree = (body?.errors ?? body?.data?.errors) as
    | { errors?: string[]; children?: Record<string, unknown> }
    | undefined
  const lines: string[] = []
  const walk = (
    node: { errors?: string[]; children?: Record<string, unknown> } | undefined,
    path: string,
  ) => {
    for (const key of node?.errors ?? []) lines.push(path ? `${path}: ${key}` : key)
    for (const [name, child] of Object.entries(node?.children ?? {}))
      walk(child as typeof node, path ? `${path}.${name}` : name)
  }
  walk(tree, '')
  if (lines.length === 0)
    lines.push(body?.data?.message ?? (error instanceof Error ? error.message : String(error)))
  return lines
}
