import { Toaster } from 'react-hot-toast'

// 4000 ms, bottom-center: short enough not to linger, long enough to read, clear of the header.
const toastDurationMs = 4000

/** The toast host; the root layout mounts it (lazily) once the first message is sent. */
export function ToastHost() {
  return <Toaster position="bottom-center" toastOptions={{ duration: toastDurationMs }} />
}
