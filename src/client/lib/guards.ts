import { redirect } from '@tanstack/react-router'
import { getSession, signOut } from './session'

/**
 * `beforeLoad` guard for signed-in pages (SPEC §6): without a stored token the user is logged out
 * (clearing any half-stored session) and sent to the home page.
 */
export function requireSession(): void {
  if (getSession().token) return
  signOut()
  throw redirect({ to: '/' })
}

/** `beforeLoad` guard for certification pages: without a wallet, the personal account page comes first. */
export function requireWallet(): void {
  requireSession()
  if (!getSession().wallet) throw redirect({ to: '/dashboard/account' })
}
