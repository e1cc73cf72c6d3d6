/**
 * How often one account, and one brand, may ask for the brand portal's costly actions. Each of these
 * writes rows an admin or Stripe then deals with (a review request in the admins' queue, a PaymentIntent
 * at Stripe and a pending top-up, a provider and its reserved slug), so a script must not repeat them
 * freely; the limits sit far above what a brand's real work needs.
 */
import type { RateLimit, RateRule } from '#server/plugins/rate-limit.ts'

const HOUR_MS = 60 * 60 * 1000
const DAY_MS = 24 * HOUR_MS

export const brandLimits = {
  /** Flagged deals are few: twenty review requests in an hour is a whole results page reported. */
  reviewUser: { name: 'brand:review:user', max: 20, windowMs: HOUR_MS },
  /** Several members of one brand together. */
  reviewBrand: { name: 'brand:review:brand', max: 40, windowMs: HOUR_MS },
  /** Budgets are topped up a few times a month; ten tries an hour leaves room for declined cards. */
  topUpUser: { name: 'brand:top-up:user', max: 10, windowMs: HOUR_MS },
  topUpBrand: { name: 'brand:top-up:brand', max: 20, windowMs: HOUR_MS },
  /** A top-up request mails every admin: ten an hour is far more than a brand needs. */
  requestUser: { name: 'brand:top-up-request:user', max: 10, windowMs: HOUR_MS },
  requestBrand: { name: 'brand:top-up-request:brand', max: 20, windowMs: HOUR_MS },
  /** An invitation mails an address the brand types: a team is invited a few dozen at most. */
  inviteUser: { name: 'brand:invite:user', max: 30, windowMs: DAY_MS },
  inviteBrand: { name: 'brand:invite:brand', max: 50, windowMs: DAY_MS },
  /** An account runs one brand, an agency a few: five new applications a day, accepted ones counted. */
  applyUser: { name: 'brand:apply:user', max: 5, windowMs: DAY_MS },
} as const satisfies Record<string, RateRule>

/** A brand action's limits: per account and per brand, one unit each. */
export const perUserAndBrand = (
  rules: { user: RateRule; brand: RateRule },
  who: { userId: string; providerId: string },
): RateLimit[] => [
  [rules.user, who.userId],
  [rules.brand, who.providerId],
]
