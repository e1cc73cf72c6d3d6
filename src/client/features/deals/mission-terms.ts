/**
 * A mission's terms as a streamer reads them before taking it: what the goal is worth and which clicks
 * count. Free of dayjs: mission cards on the server-rendered home page show the estimate too.
 */
import type { Money } from '#shared/contract/common.ts'
import type { Mission } from '#shared/contract/deals.ts'

/**
 * What reaching the goal pays: the reward per valid click times the goal (`cpc`), or the fixed
 * reward paid at the goal (`fixed`). In the mission's currency, in cents.
 */
export function goalEarnings(mission: Pick<Mission, 'reward' | 'goal'>): Money {
  const { model, amount } = mission.reward
  const cents = model === 'cpc' ? amount.amount * Math.max(0, mission.goal) : amount.amount
  return { amount: cents, currency: amount.currency }
}

/**
 * The click rules a streamer is told about, as the server applies them (server/features/deals:
 * deal-clicks.ts CLICK_WINDOW_MS, click-fraud.ts ADDRESS_DAILY_CAP, clickAddressLimit and
 * isOwnerClick's 24 h): a test holds them together.
 */
export const CLICK_RULES = {
  /** One valid click per viewer (their network) and deal in this many hours. */
  repeatWindowHours: 24,
  /** At most this many valid clicks from one network a day, across every streamer's deals. */
  addressDailyCap: 20,
  /** Clicks from a network the streamer signed in from within this many hours are the streamer's own. */
  ownerAddressHours: 24,
  /** Check calls per minute one network may make before its clicks stop counting. */
  perMinuteLimit: 30,
} as const
