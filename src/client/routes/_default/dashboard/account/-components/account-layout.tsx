import { Trans, useLingui } from '@lingui/react/macro'
import { Link, Outlet } from '@tanstack/react-router'
import { ScrollTabs } from '#client/components/ui/scroll-tabs.tsx'
import { namedRoutes } from '#client/lib/named-routes.ts'
import { useSessionWallet } from '#client/lib/session.ts'

/** The account area's sub-navigation around the personal, business, bank and certification pages. */
export function AccountLayout() {
  const { t } = useLingui()
  const wallet = useSessionWallet()
  return (
    <div className="section-layout">
      <ScrollTabs className="sub-nav" label={t`Account`}>
        <Link to={namedRoutes['dashboard-account']} activeOptions={{ exact: true }}>
          <Trans>Personal</Trans>
        </Link>
        {/* Without a wallet the entries from the third onward have nothing to show. */}
        {wallet ? (
          <>
            <Link to={namedRoutes['dashboard-account-business']}>
              <Trans>Business</Trans>
            </Link>
            <Link to={namedRoutes['dashboard-account-bank']}>
              <Trans>Bank</Trans>
            </Link>
            <Link to={namedRoutes['dashboard-account-certification']}>
              <Trans>Certification</Trans>
            </Link>
          </>
        ) : null}
      </ScrollTabs>
      <div className="section-content">
        <Outlet />
      </div>
    </div>
  )
}
