/**
 * What a signed-in session needs before the dashboard shows (SPEC §4, issue #3 point 11): the wallet,
 * the user's deals and the available deals, loaded in that order. A wallet that fails to load counts
 * as no wallet: the account pages then offer to create one.
 */
import type { QueryClient } from '@tanstack/react-query'
import { getSession, setSessionLoading, setWallet, signIn } from '#client/lib/session.ts'
import type { LoginResponse } from '#shared/contract/auth.ts'
import { COMPLETED_STATES, dealQueries, IN_PROGRESS_STATES, missionQueries } from '../deals/queries'
import { walletQueries } from '../wallet/queries'

export async function loadSessionData(queryClient: QueryClient, username: string): Promise<void> {
  setSessionLoading(true)
  try {
    const wallet = await queryClient.fetchQuery(walletQueries.detail(username)).catch(() => null)
    // The user may have signed out while the wallet loaded.
    if (getSession().user?.username !== username) return
    setWallet(wallet ?? null)
    await queryClient.prefetchQuery(dealQueries.list(username, IN_PROGRESS_STATES))
    await queryClient.prefetchQuery(dealQueries.list(username, COMPLETED_STATES))
    await queryClient.prefetchQuery(missionQueries.list({ excludeCurrentUser: true }))
  } finally {
    setSessionLoading(false)
  }
}

/** Stores the new session, then loads what the dashboard shows first. */
export async function completeSignIn(queryClient: QueryClient, response: LoginResponse): Promise<void> {
  signIn(response.code, response.user)
  await loadSessionData(queryClient, response.user.username)
}
