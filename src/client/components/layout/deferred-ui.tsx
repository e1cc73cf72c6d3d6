import { ReloadPrompt } from './reload-prompt'

/** UI that is never needed for the first paint: the service worker update prompt. */
export function DeferredUi() {
  // Never on a stream overlay: an update prompt would show to every viewer.
  if (location.pathname.startsWith('/widgets/')) return null
  return <ReloadPrompt />
}
