import { lazy, Suspense } from 'react'
import { useAuthModalMode } from '../auth-modal-state'

// Loaded on first open: the forms (and later their validation) stay out of the first route.
const AuthModal = lazy(() => import('./auth-modal').then((module) => ({ default: module.AuthModal })))

export function AuthModalHost() {
  const mode = useAuthModalMode()
  if (!mode) return null
  return (
    <Suspense fallback={null}>
      <AuthModal mode={mode} />
    </Suspense>
  )
}
