import { i18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { request } from '#client/lib/http.ts'
import { registerOfflineMutation } from '#client/lib/offline/mutation-defaults.ts'
import { setUser } from '#client/lib/session.ts'
import type { User } from '#shared/contract/auth.ts'

/** Offline profile edits carry no password: an e-mail change needs a connection. */
export interface ProfileVariables {
  username: string
  body: { phone: string | null }
}

declare module '../../lib/offline/mutation-defaults' {
  interface OfflineMutations {
    profile: { variables: ProfileVariables; result: User }
  }
}

/** The profile's phone may be changed offline (registered from app-features.ts). */
export function registerAccountMutations(): void {
  registerOfflineMutation('profile', {
    // Stored with each queued change (IndexedDB): changing it would strand changes queued before.
    key: ['offline', 'account', 'profile'],
    send: async (variables) => {
      const user = await request<User, 'userUpdate'>('userUpdate', {
        params: { user: variables.username },
        body: variables.body,
      })
      setUser(user)
      return user
    },
    describe: () => i18n._(msg`Profile changes`),
  })
}
