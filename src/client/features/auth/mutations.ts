import type { QueryClient } from '@tanstack/react-query'
import { setUser } from '#client/lib/session.ts'
import type { BodyInputOf } from '#shared/contract/api.ts'
import { postReset, postSignin, postSignup, postVerify } from './api'
import { completeSignIn } from './session-loader'

/** Signs in with a password; the session is stored and the dashboard's data loaded. */
export async function logIn(queryClient: QueryClient, body: BodyInputOf<'signin'>): Promise<void> {
  await completeSignIn(queryClient, await postSignin(body))
}

/** Creates the account, then signs it in like a login does. */
export async function register(queryClient: QueryClient, body: BodyInputOf<'signup'>): Promise<void> {
  await completeSignIn(queryClient, await postSignup(body))
}

/** A mailed reset link: the new password is set and the user signed in with it. */
export async function resetAndSignIn(
  queryClient: QueryClient,
  token: string,
  plainPassword: string,
): Promise<void> {
  await completeSignIn(queryClient, await postReset(token, plainPassword))
}

/** A mailed verification link; the stored user (when signed in here) shows the address confirmed. */
export async function confirmEmail(token: string): Promise<void> {
  await postVerify(token)
  setUser((user) => ({ ...user, emailVerified: true }))
}
