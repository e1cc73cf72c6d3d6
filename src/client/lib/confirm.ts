import { useSyncExternalStore } from 'react'

/** A confirmation request shown by the layout's dialog host; one at a time, in order. */
export interface ConfirmRequest {
  title: string
  message?: string
  confirmLabel?: string
  cancelLabel?: string
  danger?: boolean
}

interface PendingConfirm extends ConfirmRequest {
  resolve: (confirmed: boolean) => void
}

let queue: PendingConfirm[] = []
const listeners = new Set<() => void>()

function emit(): void {
  for (const listener of listeners) listener()
}

/** Asks the user; resolves true on confirm and false on cancel or Escape. */
export function confirm(request: ConfirmRequest): Promise<boolean> {
  return new Promise((resolve) => {
    queue = [...queue, { ...request, resolve }]
    emit()
  })
}

export function settleConfirm(confirmed: boolean): void {
  const [current, ...rest] = queue
  if (!current) return
  queue = rest
  current.resolve(confirmed)
  emit()
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

const current = (): PendingConfirm | null => queue[0] ?? null

export function useCurrentConfirm(): ConfirmRequest | null {
  return useSyncExternalStore(subscribe, current, current)
}
