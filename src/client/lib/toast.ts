/**
 * Toasts without react-hot-toast in the first route: the library and its <Toaster> host load on the
 * first message only (most visits of the public pages never show one). A message sent before the
 * host mounts waits in the library's store and shows as soon as it does.
 */
export type ToastKind = 'success' | 'error' | 'info'

let hostWanted = false
const hostListeners = new Set<() => void>()

/** For `useSyncExternalStore`: tells the root layout when to mount the toast host. */
export function subscribeToastHost(listener: () => void): () => void {
  hostListeners.add(listener)
  return () => hostListeners.delete(listener)
}

export function isToastHostWanted(): boolean {
  return hostWanted
}

export async function notify(kind: ToastKind, message: string): Promise<void> {
  if (!hostWanted) {
    hostWanted = true
    for (const listener of hostListeners) listener()
  }
  const { toast } = await import('react-hot-toast')
  if (kind === 'info') toast(message)
  else toast[kind](message)
}
