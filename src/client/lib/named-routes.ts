/**
 * The route names menus use, mapped to router paths. Links pass these to
 * `<Link to={...}>`, so a renamed route fails the type check instead of a click.
 */
export const namedRoutes = {
  index: '/',
  logout: '/logout',
  'dashboard-deal': '/dashboard/deal',
  'dashboard-deal-payment': '/dashboard/deal/payment',
  'dashboard-deal-completed': '/dashboard/deal/completed',
  // Params `status` and `code`; the menu uses status `inprogress` for the first in-progress deal.
  'dashboard-deal-status-code': '/dashboard/deal/$status/{-$code}',
  'dashboard-account': '/dashboard/account',
  'dashboard-account-business': '/dashboard/account/business',
  'dashboard-account-bank': '/dashboard/account/bank',
  'dashboard-account-certification': '/dashboard/account/certification',
  // The brand portal: the provider list, new provider and provider detail.
  'dashboard-provider': '/dashboard/provider',
  'dashboard-provider-new': '/dashboard/provider/new',
  'dashboard-provider-slug': '/dashboard/provider/$slug',
} as const

export type RouteName = keyof typeof namedRoutes

/** Where a user's dashboard starts: a brand account's portal, everyone else's deals. */
export const homePathOf = (user: { kind: string } | null) =>
  user?.kind === 'provider' ? namedRoutes['dashboard-provider'] : namedRoutes['dashboard-deal']
