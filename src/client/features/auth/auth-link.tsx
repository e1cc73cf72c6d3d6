import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { type AuthMode, authParams } from './auth-modal-state'

/**
 * Opens the auth modal as a real link to this page with `?auth=…`: clicked before the app has
 * hydrated, the browser follows it and the modal opens once the app runs; afterwards the router
 * changes the address in place and the modal follows it (auth-modal-address.tsx). With `redirect`,
 * signing in from that modal lands on that path.
 */
export function AuthLink({
  mode,
  redirect,
  className,
  label,
  onClick,
  children,
}: {
  mode: AuthMode
  /** A path of this site to open once signed in (instead of the dashboard). */
  redirect?: string
  className?: string
  /** An accessible name when the content is not text. */
  label?: string
  onClick?: () => void
  children: ReactNode
}) {
  return (
    <Link
      to="."
      search={(previous) => ({ ...previous, auth: authParams[mode], redirect })}
      replace
      resetScroll={false}
      // Opening a dialog loads nothing: no route to preload on hover or when idle.
      preload={false}
      data-no-prefetch=""
      className={className}
      aria-label={label}
      onClick={onClick}
    >
      {children}
    </Link>
  )
}
