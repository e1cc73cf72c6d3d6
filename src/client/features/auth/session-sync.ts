/**
 * The session's onboarding steps follow the onboarding query: whatever answers it (a fetch, a push
 * that refetched it, the cache restored for an offline start), the session holds that answer for the
 * onboarding UI. Registered from app-features.ts; runs while someone is signed in.
 */
import { hashKey, type QueryClient } from '@tanstack/react-query'
import { walletQueries } from '#client/features/wallet/queries.ts'
import { whileSignedIn } from '#client/lib/offline/offline-provider.tsx'
import { currentUser, setSteps } from '#client/lib/session.ts'
import type { Onboarding } from '#shared/contract/wallet.ts'

/** The signed-in user's onboarding query, by hash (null when nobody is signed in). */
function onboardingHash(): string | null {
  const user = currentUser()
  return user ? hashKey(walletQueries.onboarding(user.username).queryKey) : null
}

/** Keeps the session's steps equal to the onboarding answer; returns the stop function. */
export function followOnboardingSteps(queryClient: QueryClient): () => void {
  const cache = queryClient.getQueryCache()
  const current = onboardingHash()
  const restored = current ? cache.get<Onboarding>(current)?.state.data : undefined
  if (restored) setSteps(restored)
  return cache.subscribe((event) => {
    const answered = event.type === 'added' || (event.type === 'updated' && event.action.type === 'success')
    if (!answered || event.query.queryHash !== onboardingHash()) return
    const steps = event.query.state.data as Onboarding | undefined
    if (steps) setSteps(steps)
  })
}

export function registerSessionSync(): void {
  whileSignedIn(followOnboardingSteps)
}
