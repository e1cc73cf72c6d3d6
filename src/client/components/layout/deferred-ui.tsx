import { ReloadPrompt } from './reload-prompt'

/** UI that is never needed for the first paint: the service worker update prompt. */
export function DeferredUi() {
  return <ReloadPrompt />
}
