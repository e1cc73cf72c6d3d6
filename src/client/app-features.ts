import { registerLanguageSync } from './features/account/language-sync'
import { registerAccountMutations } from './features/account/mutations'
import { registerSessionSync } from './features/auth/session-sync'
import { registerBrandLive } from './features/brand/live'
import { contentQueries } from './features/content/queries'
import { registerDealLive } from './features/deals/live'
import { registerDealMutations } from './features/deals/mutations'
import { registerWalletLive } from './features/wallet/live'
import { registerWalletMutations } from './features/wallet/mutations'
import { registerQueryRoot } from './lib/offline/query-roots'

/**
 * The composition root of the client's features: each registers its socket handlers, offline changes
 * and cached data with the infrastructure (lib/socket, lib/offline), which knows none of them. Called
 * once from main.tsx, before `startOffline` (registering twice is harmless).
 */
export function registerAppFeatures(): void {
  registerDealLive()
  registerDealMutations()
  registerWalletLive()
  registerWalletMutations()
  registerAccountMutations()
  registerBrandLive()
  registerLanguageSync()
  registerSessionSync()
  // FAQ, terms and home texts are kept for an offline start; nothing pushes them, so they are not live.
  registerQueryRoot({ root: contentQueries.all()[0] })
}
