/**
 * Toasts without react-hot-toast in the first route: the library loads on the first message (or
 * when the deferred UI mounts its <Toaster>); messages sent before that wait in its store.
 */
export type ToastKind = 'success' | 'error' | 'info'

export async function notify(kind: ToastKind, message: string): Promise<void> {
  const { toast } = await import('react-hot-toast')
  if (kind === 'info') toast(message)
  else toast[kind](message)
}
