import { registerQueryRoot } from '#client/lib/offline/query-roots.ts'
import { currentUser } from '#client/lib/session.ts'
import { type LiveHandlers, registerLiveHandlers } from '#client/lib/socket.ts'
import { isWalletDetailKey, storeWallet, walletQueries } from './queries'

const walletHandlers: LiveHandlers = {
  // The push carries the signed-in user's whole wallet (it goes to their room only): it enters the
  // cache through the same writer as an HTTP answer. A push also says that something of the wallet
  // moved even when the wallet reads the same (a payout paid, a document verified): its lists are
  // read again, a read already on its way included.
  'wallet:updated': (queryClient, wallet) => {
    const user = currentUser()
    if (!user) return
    storeWallet(queryClient, user.username, wallet)
    void queryClient.invalidateQueries(
      { queryKey: walletQueries.all(user.username) },
      { cancelRefetch: false },
    )
  },
}

/** Registers the wallet feature with the socket and the offline machinery (from app-features.ts). */
export function registerWalletLive(): void {
  registerLiveHandlers(walletHandlers)
  // Every wallet query's key starts with this root: ['wallet', username, ...]. The balance shows
  // first after a reconnect; transactions and payouts follow.
  registerQueryRoot({ root: walletQueries.all('')[0], live: true, isPrimary: isWalletDetailKey })
}
