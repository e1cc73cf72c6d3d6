import { createFileRoute } from '@tanstack/react-router'
import { requireUser } from '#client/lib/guards.ts'
import { AccountLayout } from './account/-components/account-layout'

/**
 * The account area: personal, business, bank and certification pages. Its pages read the signed-in
 * username from the route context this guard fills.
 */
export const Route = createFileRoute('/_default/dashboard/account')({
  beforeLoad: (options) => ({ username: requireUser(options).username }),
  component: AccountLayout,
})
