import { createFileRoute, redirect } from '@tanstack/react-router'

/** `/dashboard/deal/available` without a mission: the available missions are the deal area's home. */
export const Route = createFileRoute('/_default/dashboard/deal/available/')({
  beforeLoad: () => {
    throw redirect({ to: '/dashboard/deal', replace: true })
  },
})
