import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { AuthLink } from '#client/features/auth/auth-link.tsx'
import { useCurrentUser } from '#client/lib/session.ts'

/** The address of a mission's preview (`/dashboard/deal/available/{code}`). */
const missionPreviewPath = (code: string): string => `/dashboard/deal/available/${encodeURIComponent(code)}`

/**
 * A link to a mission's preview. Signed out (and on the server-rendered page, which a click may
 * reach before hydration), it is a real link that opens the login modal, and signing in then lands
 * on the preview.
 */
export function MissionLink({
  code,
  className,
  label,
  children,
}: {
  code: string
  className?: string
  /** An accessible name when the content is not text (the picture). */
  label?: string
  children: ReactNode
}) {
  const user = useCurrentUser()
  if (!user) {
    return (
      <AuthLink mode="login" redirect={missionPreviewPath(code)} className={className} label={label}>
        {children}
      </AuthLink>
    )
  }
  return (
    <Link to="/dashboard/deal/available/$code" params={{ code }} className={className} aria-label={label}>
      {children}
    </Link>
  )
}
