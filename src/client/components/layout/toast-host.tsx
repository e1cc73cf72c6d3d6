import { Toaster } from 'react-hot-toast'

// 4000 ms, bottom-center: the spec's toast settings (SPEC §9).
const toastDurationMs = 4000

/** The toast host; the root layout mounts it (lazily) once the first message is sent. */
export function ToastHost() {
  return <Toaster position="bottom-center" toastOptions={{ duration: toastDurationMs }} />
}
