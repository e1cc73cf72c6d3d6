import { redirect } from '@tanstack/react-router'
import type { User } from '#shared/contract/auth.ts'
import type { AuthContext, RouterContext } from './router-context'
import { getSession, signOut } from './session'

/**
 * `beforeLoad` guard for signed-in pages (SPEC §6): without a stored token and user, the user is
 * logged out (clearing any half-stored session) and sent to the home page. Returns the user, for the
 * child routes' context.
 */
export function requireUser(auth: AuthContext): User {
  const user = auth.user()
  if (user) return user
  signOut()
  throw redirect({ to: '/' })
}

/** `beforeLoad` guard for certification pages: without a wallet, the personal account page comes first. */
export function requireWallet({ context }: { context: RouterContext }): void {
  requireUser(context.auth)
  if (!getSession().wallet) throw redirect({ to: '/dashboard/account' })
}
