import { queryOptions } from '@tanstack/react-query'
import type { DealState } from '#shared/contract/deals.ts'
import { fetchAdminDeals, fetchAdminMissions, fetchAdminProviders, fetchMissionQueue } from './api'

/** Admin reads of the deals area; never persisted offline (the 'admin' root is not in the persister). */
export const adminDealQueries = {
  /** Every admin read: a saved provider shows on its missions and deals, so a save refreshes them all. */
  all: () => ['admin'] as const,
  providers: () =>
    queryOptions({
      queryKey: [...adminDealQueries.all(), 'providers'] as const,
      queryFn: ({ signal }) => fetchAdminProviders(signal),
    }),
  missions: () =>
    queryOptions({
      queryKey: [...adminDealQueries.all(), 'missions'] as const,
      queryFn: ({ signal }) => fetchAdminMissions(signal),
    }),
  queue: () =>
    queryOptions({
      queryKey: [...adminDealQueries.all(), 'mission-queue'] as const,
      queryFn: ({ signal }) => fetchMissionQueue(signal),
    }),
  /** Every deals list, whatever its filter. */
  dealLists: () => [...adminDealQueries.all(), 'deals'] as const,
  /** An empty state or search means no filter on it. */
  deals: (filter: { state?: DealState | ''; q?: string; flagged?: boolean }) =>
    queryOptions({
      queryKey: [...adminDealQueries.dealLists(), filter] as const,
      queryFn: ({ signal }) => fetchAdminDeals(filter, signal),
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
