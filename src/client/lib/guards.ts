import { type ParsedLocation, redirect } from '@tanstack/react-router'
import type { User } from '#shared/contract/auth.ts'
import type { RouterContext } from './router-context'
import { getSession, signOut } from './session'

/** What a `beforeLoad` receives that the guards read. */
export interface GuardOptions {
  context: RouterContext
  location: ParsedLocation<{ redirect?: unknown }>
}

/**
 * `beforeLoad` guard for signed-in pages: without a stored token and user, the user is
 * logged out (clearing any half-stored session) and sent to the home page, where the login modal
 * opens and leads back to the page asked for. Returns the user, for the child routes' context.
 */
export function requireUser({ context, location }: GuardOptions): User {
  const user = context.auth.user()
  if (user) return user
  signOut()
  // A session that just ended names its page already (features/auth/session-end.ts); the layout's
  // search validation keeps only a path of this site.
  const { redirect: asked } = location.search
  throw redirect({
    to: '/',
    search: { auth: 'login', redirect: typeof asked === 'string' ? asked : location.href },
  })
}

/**
 * `beforeLoad` guard for the streamer's pages (deals, wallet): a brand account has its own portal
 * instead. Returns the user, as requireUser does.
 */
export function requireStreamer(options: GuardOptions): User {
  const user = requireUser(options)
  if (user.kind === 'provider') throw redirect({ to: '/dashboard/provider' })
  return user
}

/** `beforeLoad` guard for certification pages: without a wallet, the personal account page comes first. */
export function requireWallet(options: GuardOptions): void {
  requireStreamer(options)
  if (!getSession().wallet) throw redirect({ to: '/dashboard/account' })
}
