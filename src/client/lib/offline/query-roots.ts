import type { Query, QueryKey } from '@tanstack/react-query'

/**
 * Which parts of the query cache the offline machinery looks after, as the features declare them
 * from the composition root (app-features.ts): lib/offline knows no feature by name.
 */
export interface QueryRootRegistration {
  /** The first element of the feature's query keys (`'deals'`, `'wallet'`). */
  root: string
  /**
   * Kept current by socket pushes: refetched after a gap in the live connection, and shown in the
   * offline strip's "last synced". Live data is persisted too.
   */
  live?: boolean
  /**
   * Among the live queries, the ones the user looks at first (a deal's state, the balance): they
   * refetch before the others when the connection comes back.
   */
  isPrimary?: (queryKey: QueryKey) => boolean
}

const registrations = new Map<string, QueryRootRegistration>()

/** Registers (or replaces) a feature's query root. */
export function registerQueryRoot(registration: QueryRootRegistration): void {
  registrations.set(registration.root, registration)
}

const registrationOf = (query: Query): QueryRootRegistration | undefined => {
  // A root is the first part of every key a feature registers; the rest is the feature's own.
  const [root] = query.queryKey
  return typeof root === 'string' ? registrations.get(root) : undefined
}

/** Worth keeping in IndexedDB for an offline start (every registered root). */
export function isPersistedQuery(query: Query): boolean {
  return registrationOf(query) !== undefined
}

export function isLiveQuery(query: Query): boolean {
  return registrationOf(query)?.live === true
}

export function isPrimaryQuery(query: Query): boolean {
  const registration = registrationOf(query)
  return registration?.live === true && (registration.isPrimary?.(query.queryKey) ?? false)
}

export function liveRoots(): string[] {
  return [...registrations.values()].filter((registration) => registration.live).map(({ root }) => root)
}
