import { i18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { registerOfflineMutation } from '#client/lib/offline/mutation-defaults.ts'
import type { Wallet, WalletBody } from '#shared/contract/wallet.ts'
import { createWallet, updateWallet } from './api'

export interface WalletSaveVariables {
  username: string
  body: WalletBody
  /** No wallet yet: the save creates it. */
  create: boolean
}

declare module '../../lib/offline/mutation-defaults' {
  interface OfflineMutations {
    wallet: { variables: WalletSaveVariables; result: Wallet }
  }
}

/** Wallet and business details may be saved offline; payouts may not (money does not move from a queue). */
export function registerWalletMutations(): void {
  registerOfflineMutation('wallet', {
    // Stored with each queued change (IndexedDB): changing it would strand changes queued before.
    key: ['offline', 'wallet', 'save'],
    send: (variables, queryClient) =>
      variables.create
        ? createWallet(queryClient, variables.username, variables.body)
        : updateWallet(queryClient, variables.username, variables.body),
    describe: () => i18n._(msg`Wallet and business details`),
  })
}
