import { redirect } from '@tanstack/react-router'
import { type GuardOptions, requireUser } from '#client/lib/guards.ts'
import { getSession } from '#client/lib/session.ts'
import { fetchAdminAccess } from './api'

/**
 * `beforeLoad` guard for /admin: the server says whether this token has admin access (the stored
 * roles could be stale or edited). Every admin call is checked by the server again anyway.
 */
export async function requireAdmin(options: GuardOptions): Promise<void> {
  const user = requireUser(options)
  let admin = false
  try {
    admin = (await fetchAdminAccess(getSession().token ?? '')).admin
  } catch {
    // Offline: fall back to the stored roles; the admin API refuses anyone who is not admin.
    admin = user.roles.includes('admin')
  }
  if (!admin) throw redirect({ to: '/' })
}
