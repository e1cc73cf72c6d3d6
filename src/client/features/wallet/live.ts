import type { QueryKey } from '@tanstack/react-query'
import { registerQueryRoot } from '#client/lib/offline/query-roots.ts'
import { setWallet } from '#client/lib/session.ts'
import { type LiveHandlers, registerLiveHandlers } from '#client/lib/socket.ts'

/** Every wallet query's key starts here (queries.ts: ['wallet', username, ...]). */
const WALLET_ROOT = 'wallet'

const walletHandlers: LiveHandlers = {
  // The push carries the wallet itself; its lists (transactions, payouts) are refetched around it.
  'wallet:updated': (queryClient, wallet) => {
    setWallet(wallet)
    void queryClient.invalidateQueries({ queryKey: [WALLET_ROOT] })
  },
}

/** The balance shows first after a reconnect; transactions and payouts follow. */
const isPrimaryWalletQuery = (queryKey: QueryKey): boolean =>
  queryKey[1] !== undefined && queryKey[2] === 'detail'

/** Registers the wallet feature with the socket and the offline machinery (from app-features.ts). */
export function registerWalletLive(): void {
  registerLiveHandlers(walletHandlers)
  registerQueryRoot({ root: WALLET_ROOT, live: true, isPrimary: isPrimaryWalletQuery })
}
