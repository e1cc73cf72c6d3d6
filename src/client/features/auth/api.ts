import { api } from '#client/lib/http.ts'
import type { BodyInputOf } from '#shared/contract/api.ts'

/**
 * The auth feature's calls, typed by the endpoint table's rows (shared/contract/auth.ts): no answer
 * type is restated here. What a sign-in answer does to the session is mutations.ts's business.
 */

export function fetchAuthSettings(signal?: AbortSignal) {
  return api('authSettings', { signal })
}

export function postSignin(body: BodyInputOf<'signin'>) {
  return api('signin', { body })
}

export function postSignup(body: BodyInputOf<'signup'>) {
  return api('signup', { body })
}

/** Asks for a reset link; the answer is the same whether or not the account exists. */
export function postRecovery(body: BodyInputOf<'recovery'>) {
  return api('recovery', { body })
}

export function postVerify(token: string) {
  return api('verify', { body: { token } })
}

/** Whether a reset link still works, asked before the new password is typed; it does not spend it. */
export function postResetCheck(token: string, signal?: AbortSignal) {
  return api('resetCheck', { body: { token }, signal })
}

export function postReset(token: string, plainPassword: string) {
  return api('reset', { body: { token, plainPassword } })
}

/**
 * Revokes the token this client holds (the server cuts its sockets too). A 401 means it was dead
 * already: logging out goes on, it is not a session that ended under the user (lib/http.ts).
 */
export function postLogout() {
  return api('logout', { expectedStatuses: [401] })
}

export function fetchAdminAccess(token: string) {
  return api('adminAccess', { params: { token } })
}

/** Asks for a new verification link: signed in for one's own address, else for the link token's owner. */
export function postVerifyResend(token?: string) {
  return api('verifyResend', { body: token ? { token } : {} })
}
