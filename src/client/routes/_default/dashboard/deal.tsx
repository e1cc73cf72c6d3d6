import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { createFileRoute, Link, Outlet } from '@tanstack/react-router'
import { useEffect } from 'react'
import { ScrollTabs } from '#client/components/ui/scroll-tabs.tsx'
import { requireUser } from '#client/lib/guards.ts'
import { namedRoutes } from '#client/lib/named-routes.ts'
import { useSessionLanguage } from '#client/lib/session.ts'
import { startLiveUpdates } from '#client/lib/socket.ts'

/**
 * The deal area: available deals, completed deals, the wallet, and each deal's pages. Its pages read
 * the signed-in username from the route context this guard fills.
 */
export const Route = createFileRoute('/_default/dashboard/deal')({
  beforeLoad: (options) => ({ username: requireUser(options).username }),
  component: DealLayout,
})

function DealLayout() {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  // Deal pages change live (clicks, credits): keep the socket open while the deal area is shown.
  useEffect(() => startLiveUpdates(queryClient), [queryClient])
  // Mission texts are read in the active language (their query keys name it): a language switch
  // renders the pages again, which then read (or find cached) the texts in the new one.
  const language = useSessionLanguage()
  return (
    <div className="section-layout">
      <ScrollTabs className="sub-nav" label={t`Deals`}>
        <Link to={namedRoutes['dashboard-deal']} activeOptions={{ exact: true }}>
          <Trans>Available deals</Trans>
        </Link>
        <Link to={namedRoutes['dashboard-deal-completed']}>
          <Trans>Completed</Trans>
        </Link>
        <Link to={namedRoutes['dashboard-deal-payment']}>
          <Trans>Wallet</Trans>
        </Link>
      </ScrollTabs>
      <div className="section-content" key={language}>
        <Outlet />
      </div>
    </div>
  )
}
