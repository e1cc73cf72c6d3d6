import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { type AuthMode, authParams } from './auth-modal-state'

/**
 * Opens the auth modal as a real link to this page with `?auth=…`: clicked before the app has
 * hydrated, the browser follows it and the modal opens once the app runs; afterwards the router
 * changes the address in place and the modal follows it (auth-modal-address.tsx).
 */
export function AuthLink({
  mode,
  className,
  onClick,
  children,
}: {
  mode: AuthMode
  className?: string
  onClick?: () => void
  children: ReactNode
}) {
  return (
    <Link
      to="."
      search={(previous) => ({ ...previous, auth: authParams[mode] })}
      replace
      resetScroll={false}
      // Opening a dialog loads nothing: no route to preload on hover or when idle.
      preload={false}
      data-no-prefetch=""
      className={className}
      onClick={onClick}
    >
      {children}
    </Link>
  )
}
