import { redirect } from '@tanstack/react-router'
import type { AdminAccess, User } from '#shared/contract/auth.ts'
import { request } from './http'
import type { AuthContext } from './router-context'
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

/**
 * `beforeLoad` guard for pages about the signed-in user: besides the token, the stored user must be
 * there (a half-stored session signs out). Returns the user for the child routes' context.
 */
export function requireUser(auth: AuthContext): User {
  requireSession()
  const user = auth.user()
  if (user) return user
  signOut()
  throw redirect({ to: '/' })
}

/** `beforeLoad` guard for certification pages: without a wallet, the personal account page comes first. */
export function requireWallet(): void {
  requireSession()
  if (!getSession().wallet) throw redirect({ to: '/dashboard/account' })
}

/**
 * `beforeLoad` guard for /admin: the server says whether this token has admin access (the stored
 * roles could be stale or edited). Every admin call is checked by the server again anyway.
 */
export async function requireAdmin(): Promise<void> {
  requireSession()
  const { token, user } = getSession()
  let admin = false
  try {
    const answer = await request<AdminAccess, 'adminAccess'>('adminAccess', {
      params: { token: token ?? '' },
    })
    admin = answer.admin
  } catch {
    // Offline: fall back to the stored roles; the admin API refuses anyone who is not admin.
    admin = user?.roles.includes('admin') ?? false
  }
  if (!admin) throw redirect({ to: '/' })
}
