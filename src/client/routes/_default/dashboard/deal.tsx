import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { createFileRoute, Link, Outlet, useRouterState } from '@tanstack/react-router'
import { useEffect } from 'react'
import { ScrollTabs } from '#client/components/ui/scroll-tabs.tsx'
import { requireStreamer } from '#client/lib/guards.ts'
import { namedRoutes } from '#client/lib/named-routes.ts'
import { useSessionLanguage } from '#client/lib/session.ts'
import { startLiveUpdates } from '#client/lib/socket.ts'

/**
 * The deal area: available deals, completed deals, the wallet, and each deal's pages. Its pages read
 * the signed-in username from the route context this guard fills; brand accounts go to their portal.
 */
export const Route = createFileRoute('/_default/dashboard/deal')({
  beforeLoad: (options) => ({ username: requireStreamer(options).username }),
  component: DealLayout,
})

/** What a router link marks itself with when its page is shown (styles.css reads `data-status`). */
const currentTab = { 'aria-current': 'page', 'data-status': 'active', className: 'active' } as const

/**
 * The tab a deal's own pages and a mission's preview belong to, whose links do not name them: a
 * finished deal's pages are "Completed", any other deal's and the preview are the deals.
 */
function useDealAreaTab(): 'deals' | 'completed' | null {
  return useRouterState({
    select: (state) => {
      for (const match of state.matches) {
        if (match.routeId === '/_default/dashboard/deal/available/$code') return 'deals'
        if (match.routeId === '/_default/dashboard/deal/$status/{-$code}')
          return (match.params as { status?: string }).status === 'finished' ? 'completed' : 'deals'
      }
      return null
    },
  })
}

function DealLayout() {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  // Deal pages change live (clicks, credits): keep the socket open while the deal area is shown.
  useEffect(() => startLiveUpdates(queryClient), [queryClient])
  // Mission texts are read in the active language (their query keys name it): a language switch
  // renders the pages again, which then read (or find cached) the texts in the new one.
  const language = useSessionLanguage()
  const tab = useDealAreaTab()
  return (
    <div className="section-layout">
      <ScrollTabs className="sub-nav" label={t`Deals`}>
        <Link
          to={namedRoutes['dashboard-deal']}
          activeOptions={{ exact: true }}
          inactiveProps={tab === 'deals' ? currentTab : undefined}
        >
          <Trans>Available deals</Trans>
        </Link>
        <Link
          to={namedRoutes['dashboard-deal-completed']}
          inactiveProps={tab === 'completed' ? currentTab : undefined}
        >
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
