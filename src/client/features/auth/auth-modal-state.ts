import { useSyncExternalStore } from 'react'

export type AuthMode = 'login' | 'registration' | 'recovery'

/** Which auth modal is open, if any: the header, the home page and guards all open it. */
let mode: AuthMode | null = null
const listeners = new Set<() => void>()

function emit(): void {
  for (const listener of listeners) listener()
}

export function openAuthModal(next: AuthMode): void {
  mode = next
  emit()
}

export function closeAuthModal(): void {
  mode = null
  emit()
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

const read = (): AuthMode | null => mode

export function useAuthModalMode(): AuthMode | null {
  return useSyncExternalStore(subscribe, read, read)
}
