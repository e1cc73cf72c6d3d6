import { whileSignedIn } from '#client/lib/offline/offline-provider.tsx'
import { registerLiveHandlers } from '#client/lib/socket.ts'
import type { DealEvent } from '#shared/contract/deals.ts'

/**
 * The icon badge's page side (the count lives in sw/badge.ts): the socket's deal
 * events and earnings count as unseen unless the streamer is looking at the dashboard, and showing
 * the dashboard clears the count. The badge code loads on the first event, not with the page.
 */

const badge = () => import('#client/sw/badge.ts')

/** The streamer has the dashboard in front of them: what arrives is seen. */
const lookingAtDashboard = () =>
  typeof document !== 'undefined' &&
  document.visibilityState === 'visible' &&
  location.pathname.startsWith('/dashboard/deal')

/** What the streamer would want to know of: a valid event they did not cause themselves by taking a deal. */
const countsAsUnseen = (event: DealEvent) => event.valid && event.type !== 'subscribed'

interface NavigationEvents {
  addEventListener(type: 'currententrychange', listener: () => void): void
  removeEventListener(type: 'currententrychange', listener: () => void): void
}

/** Clears the badge whenever the dashboard (deals, completed, wallet) is shown: now, on each navigation, on coming back to the tab. */
function clearWhileLooking(): () => void {
  const check = () => {
    if (lookingAtDashboard()) void badge().then((module) => module.clearBadge().catch(() => undefined))
  }
  check()
  // The Navigation API hears the router's pushState too; elsewhere back/forward and tab switches do.
  const navigation = (window as { navigation?: NavigationEvents }).navigation
  navigation?.addEventListener('currententrychange', check)
  window.addEventListener('popstate', check)
  document.addEventListener('visibilitychange', check)
  return () => {
    navigation?.removeEventListener('currententrychange', check)
    window.removeEventListener('popstate', check)
    document.removeEventListener('visibilitychange', check)
  }
}

/** Registered with the deals feature's live side (live.ts). */
export function registerUnseenBadge(): void {
  registerLiveHandlers({
    'deal:event': (_queryClient, { event }) => {
      if (!countsAsUnseen(event) || lookingAtDashboard()) return
      void badge().then((module) => module.addToBadge(1).catch(() => undefined))
    },
  })
  whileSignedIn(() => clearWhileLooking())
}
