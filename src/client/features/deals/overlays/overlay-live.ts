/**
 * Whether an overlay is live: its socket has joined the deal's widget room, so a push sent from now on
 * reaches it. The overlay studio shows each overlay in a same-origin frame and hears this from them,
 * so its test alert waits for the alert preview to be listening instead of being lost while the
 * preview still connects (right after the studio opens, or after a setting reloaded the frame).
 */
import { useEffect, useRef } from 'react'
import type { OverlayKind } from './overlay-settings'

const LIVE_MESSAGE = 'streamdeals:overlay-live'

interface LiveMessage {
  type: typeof LIVE_MESSAGE
  kind: OverlayKind
  live: boolean
}

const isLiveMessage = (data: unknown): data is LiveMessage =>
  typeof data === 'object' && data !== null && (data as LiveMessage).type === LIVE_MESSAGE

/** Tells the page embedding this overlay (the studio) whether it is live; nothing when it stands alone in OBS. */
export function useAnnounceLive(kind: OverlayKind, live: boolean) {
  useEffect(() => {
    if (window.parent === window) return
    const message: LiveMessage = { type: LIVE_MESSAGE, kind, live }
    window.parent.postMessage(message, location.origin)
  }, [kind, live])
}

/**
 * For the studio: a wait that ends once the preview of `kind` at `url` is live, or after `timeoutMs`
 * (a preview that cannot connect must not hold back the overlays open in OBS).
 */
export function usePreviewLive(kind: OverlayKind, url: string) {
  // `reloading` after the URL changed: the frame's old page may still post a late "live", so only a
  // "not live" (every page posts one first, on mount) opens the way to the next "live".
  const state = useRef<'reloading' | 'connecting' | 'live'>('reloading')
  const waiting = useRef<(() => void)[]>([])
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new URL reloads the frame, on purpose
  useEffect(() => {
    state.current = 'reloading'
  }, [url])
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== location.origin || !isLiveMessage(event.data) || event.data.kind !== kind) return
      if (!event.data.live) state.current = 'connecting'
      else if (state.current === 'connecting') {
        state.current = 'live'
        for (const wake of waiting.current.splice(0)) wake()
      }
    }
    addEventListener('message', onMessage)
    return () => removeEventListener('message', onMessage)
  }, [kind])
  return (timeoutMs: number) =>
    state.current === 'live'
      ? Promise.resolve()
      : new Promise<void>((resolve) => {
          waiting.current.push(resolve)
          setTimeout(resolve, timeoutMs)
        })
}
