import { onlineManager } from '@tanstack/react-query'
import { useSyncExternalStore } from 'react'

const isOnline = () => onlineManager.isOnline()

/** Whether the app believes it is online (TanStack Query's onlineManager, fed by the browser). */
export function useOnline(): boolean {
  return useSyncExternalStore(
    (listener) => onlineManager.subscribe(listener),
    isOnline,
    () => true,
  )
}
