import type { QueryClient } from '@tanstack/react-query'
import { wipeUserData } from '#client/lib/offline/logout-wipe.ts'
import { getSession } from '#client/lib/session.ts'
import { postLogout } from './api'

/**
 * Logs out: the server is told first (the token dies there at once, sockets included); the local
 * wipe happens whatever its answer, so logout also works offline. Its own module: the wipe brings
 * the persister, which the sign-in forms do not need.
 *
 * A session the server already refused (session-end.ts) goes the same way without telling it:
 * `tellServer: false`. Either way the user's offline data goes with it.
 */
export async function logOut(queryClient: QueryClient, { tellServer = true } = {}): Promise<void> {
  if (tellServer && getSession().token) {
    await postLogout().catch(() => {
      // Offline or already expired: the token dies server-side at its expiry anyway.
    })
  }
  await wipeUserData(queryClient)
}
