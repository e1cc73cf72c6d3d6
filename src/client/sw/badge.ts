import { createStore, del, type UseStore, update } from 'idb-keyval'

/**
 * The app icon's badge: how many deal events and earnings arrived since the
 * streamer last looked at the dashboard. Kept in IndexedDB so the page (socket events while open)
 * and the service worker (a `push` event with the app closed: helper "push" calls `addToBadge`)
 * count on one number; shown with the Badging API where the browser has it (installed apps).
 * Opening the dashboard clears it (features/deals/unseen-badge.ts).
 */

let badgeStore: UseStore | undefined
const store = () => {
  badgeStore ??= createStore('streamdeals-badge', 'badge')
  return badgeStore
}
const UNSEEN = 'unseen'

/** navigator in a page or a worker; the Badging API is not in every TypeScript library yet. */
interface BadgingNavigator {
  setAppBadge?: (contents?: number) => Promise<void>
  clearAppBadge?: () => Promise<void>
}

async function show(count: number): Promise<void> {
  const badging = (globalThis as { navigator?: BadgingNavigator }).navigator
  // Refused (not installed, permission) or absent: the count is kept, the icon just shows nothing.
  if (count > 0) await badging?.setAppBadge?.(count).catch(() => undefined)
  else await badging?.clearAppBadge?.().catch(() => undefined)
}

/** Counts `count` more unseen events (one transaction: page and worker may add at once); answers the total. */
export async function addToBadge(count = 1): Promise<number> {
  let total = 0
  await update<number>(
    UNSEEN,
    (current) => {
      total = (current ?? 0) + count
      return total
    },
    store(),
  )
  await show(total)
  return total
}

/** The streamer looked (or logged out): nothing unseen, and no entry left behind. */
export async function clearBadge(): Promise<void> {
  await del(UNSEEN, store())
  await show(0)
}
