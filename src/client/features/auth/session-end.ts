/**
 * A session that ends under the user: the server answered 401 to a signed-in
 * call, because the token expired or was revoked (a logout elsewhere, a password change). The session
 * goes exactly as at logout, offline data included; then the login modal opens, saying why, and
 * signing in leads back to the page the user was on. Loaded on the first such answer (lib/http.ts
 * tells main.tsx), never up front.
 */
import type { QueryClient } from '@tanstack/react-query'
import type { AnyRouter, ParsedLocation } from '@tanstack/react-router'
import { getSession } from '#client/lib/session.ts'
import { isReturnPath, noteSessionEnded } from './auth-modal-state'
import { logOut } from './logout'

let ending: Promise<void> | null = null

/** The address to come back to after signing in: this one, without the auth modal's own parameters. */
function returnPathOf({ pathname, searchStr, hash }: ParsedLocation): string {
  const search = new URLSearchParams(searchStr)
  const asked = search.get('redirect')
  if (isReturnPath(asked)) return asked
  search.delete('auth')
  const query = search.toString()
  return `${pathname}${query ? `?${query}` : ''}${hash ? `#${hash}` : ''}`
}

/**
 * Ends the session `token` named, once: the other calls that failed with it (a page's queries,
 * changes queued offline and replayed) find it ended already. A token that is no longer the stored
 * one (the user signed in again meanwhile) ends nothing.
 */
export function endSession(queryClient: QueryClient, router: AnyRouter, token: string | null): Promise<void> {
  if (ending) return ending
  if (token !== getSession().token) return Promise.resolve()
  ending = (async () => {
    if (token) {
      noteSessionEnded()
      await logOut(queryClient, { tellServer: false })
    }
    const back = returnPathOf(router.state.location)
    // The same address with the login modal over it; a signed-in page's guard then moves it to the
    // home page, carrying the way back.
    await router.navigate({
      to: '.',
      search: (previous) => ({ ...previous, auth: 'login' as const, redirect: back }),
      replace: true,
      // The modal opens over the page where the reader was.
      resetScroll: false,
    })
  })().finally(() => {
    ending = null
  })
  return ending
}
