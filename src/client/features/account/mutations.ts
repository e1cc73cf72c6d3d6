import { i18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { QueryClient } from '@tanstack/react-query'
import { registerOfflineMutation } from '#client/lib/offline/mutation-defaults.ts'
import { setUser } from '#client/lib/session.ts'
import type { BodyInputOf } from '#shared/contract/api.ts'
import type { User } from '#shared/contract/auth.ts'
import { deletePlatform, postTwitchCode, putCreatorCode, putUser } from './api'
import { accountQueries } from './queries'

/** Offline profile edits carry no password: an e-mail change needs a connection. */
export interface ProfileVariables {
  username: string
  /** Without `phone` once the identity has one (the profile then shows that one, read-only). */
  body: { phone?: string | null }
}

declare module '../../lib/offline/mutation-defaults' {
  interface OfflineMutations {
    profile: { variables: ProfileVariables; result: User }
  }
}

/** Any change to one's own account: the answer is the new self view, which the session keeps. */
export async function updateAccount(
  username: string,
  body: BodyInputOf<'userUpdate'>,
  idempotencyKey?: string,
): Promise<User> {
  const user = await putUser(username, body, idempotencyKey)
  setUser(user)
  return user
}

/** A new profile picture (checked by the server, re-encoded, the old one removed). */
export function uploadAvatar(username: string, file: File): Promise<User> {
  const body = new FormData()
  body.set('avatar', file)
  return updateAccount(username, body)
}

/** Changes the password; the server signs the user's other devices out. */
export function changePassword(username: string, currentPassword: string, plainPassword: string) {
  return updateAccount(username, { currentPassword, plainPassword })
}

/** A creator code one chooses; the session keeps the answer, so the deal tools show it at once. */
export async function changeCreatorCode(username: string, code: string): Promise<User> {
  const user = await putCreatorCode(username, code)
  setUser(user)
  return user
}

export async function disconnectPlatform(
  queryClient: QueryClient,
  username: string,
  platform: { code: string; reference: string },
): Promise<void> {
  await deletePlatform(username, platform)
  await queryClient.invalidateQueries({ queryKey: accountQueries.platforms(username).queryKey })
}

/** Back from Twitch's consent page: the server exchanges the code; the list shows the result. */
export async function connectTwitch(
  queryClient: QueryClient,
  username: string,
  code: string,
  redirectUri: string,
): Promise<void> {
  try {
    await postTwitchCode(code, redirectUri)
  } finally {
    void queryClient.invalidateQueries({ queryKey: accountQueries.platforms(username).queryKey })
  }
}

/** The profile's phone may be changed offline (registered from app-features.ts). */
export function registerAccountMutations(): void {
  registerOfflineMutation('profile', {
    // Stored with each queued change (IndexedDB): changing it would strand changes queued before.
    key: ['offline', 'account', 'profile'],
    send: (variables) => updateAccount(variables.username, variables.body, variables.idempotencyKey),
    describe: () => i18n._(msg`Profile changes`),
  })
}
