/**
 * The client's routes, with and without their optional parameters, and addresses no route has
 * (a 404): the server test and the end-to-end test check the same list, each its own way.
 */

/** Pages the server renders itself (home, FAQ, terms). */
export const serverRenderedPages = ['/', '/faq', '/faq/how-to-start', '/terms']

/** Pages answered with the app shell, rendered in the browser. */
export const appShellPages = [
  '/admin',
  '/logout',
  '/dashboard/account',
  '/dashboard/account/bank',
  '/dashboard/account/business',
  '/dashboard/account/certification',
  '/dashboard/deal',
  '/dashboard/deal/completed',
  '/dashboard/deal/payment',
  '/dashboard/deal/inprogress',
  '/dashboard/deal/inprogress/starfall-launch',
  '/dashboard/deal/inprogress/starfall-launch/events',
  '/dashboard/deal/inprogress/starfall-launch/tips',
  '/dashboard/deal/inprogress/starfall-launch/tools',
  '/redir/verification',
  '/redir/verification?token=x&type=verify',
  '/redir/check',
  '/redir/check/starfall-launch',
  '/redir/check/starfall-launch/ada',
  // A full `/redir/cpc/{mission}/{username}` is the server's redirect (tracked-redirect.test.ts).
  '/redir/cpc',
  '/redir/cpc/starfall-launch',
  '/widgets/goal',
  '/widgets/goal?token=x',
]

/** Addresses that match no route: a 404 page. */
export const unknownPages = [
  '/this/does/not/exist',
  '/dashboard',
  '/dashboard/nope',
  '/dashboard/account/nope',
  '/faqs',
]
