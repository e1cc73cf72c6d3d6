/**
 * What a signed-in session needs before the dashboard shows: the wallet,
 * the user's deals and the available deals, loaded in that order; nothing for a brand account. The
 * session's `loading` flag is up while this runs (the header shows it). A wallet that fails to load
 * counts as no wallet: the account pages then offer to create one.
 */
import type { QueryClient } from '@tanstack/react-query'
import {
  COMPLETED_STATES,
  dealQueries,
  IN_PROGRESS_STATES,
  missionQueries,
} from '#client/features/deals/queries.ts'
import { walletQueries } from '#client/features/wallet/queries.ts'
import { currentUser, setSessionLoading, setWallet, signIn } from '#client/lib/session.ts'
import type { LoginResponse } from '#shared/contract/auth.ts'

let underWay: { username: string; done: Promise<void> } | null = null

async function load(queryClient: QueryClient, username: string): Promise<void> {
  // A brand account has no wallet or deals: its portal reads its providers itself.
  if (currentUser()?.kind === 'provider') {
    setWallet(null)
    return
  }
  const wallet = await queryClient.fetchQuery(walletQueries.detail(username)).catch(() => null)
  // The user may have signed out while the wallet loaded.
  if (currentUser()?.username !== username) return
  setWallet(wallet ?? null)
  await queryClient.prefetchQuery(dealQueries.list(username, IN_PROGRESS_STATES))
  await queryClient.prefetchQuery(dealQueries.list(username, COMPLETED_STATES))
  await queryClient.prefetchQuery(missionQueries.list({ excludeCurrentUser: true }))
}

/** Loads the signed-in data; a second call for the same user while it runs joins the first. */
export function loadSessionData(queryClient: QueryClient, username: string): Promise<void> {
  if (underWay?.username === username) return underWay.done
  setSessionLoading(true)
  const done = load(queryClient, username).finally(() => {
    if (underWay?.done !== done) return
    underWay = null
    setSessionLoading(false)
  })
  underWay = { username, done }
  return done
}

/** Stores the new session, then loads what the dashboard shows first. */
export async function completeSignIn(queryClient: QueryClient, response: LoginResponse): Promise<void> {
  signIn(response.code, response.user)
  await loadSessionData(queryClient, response.user.username)
}
