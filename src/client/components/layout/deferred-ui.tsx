import { Toaster } from 'react-hot-toast'
import { ReloadPrompt } from './reload-prompt'

// 4000 ms, bottom-center: the spec's toast settings (SPEC §9).
const toastDurationMs = 4000

/** UI that is never needed for the first paint: the toast host and the service worker update prompt. */
export function DeferredUi() {
  return (
    <>
      <Toaster position="bottom-center" toastOptions={{ duration: toastDurationMs }} />
      <ReloadPrompt />
    </>
  )
}
