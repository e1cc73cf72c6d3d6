import { Trans, useLingui } from '@lingui/react/macro'
import { createFileRoute, Link, Outlet } from '@tanstack/react-router'
import { requireSession } from '#client/lib/guards.ts'
import { namedRoutes } from '#client/lib/named-routes.ts'
import { useSession } from '#client/lib/session.ts'

/** The account area: its own sub-navigation around the personal, business, bank and certification pages. */
export const Route = createFileRoute('/_default/dashboard/account')({
  beforeLoad: requireSession,
  component: AccountLayout,
})

function AccountLayout() {
  const { t } = useLingui()
  const { wallet } = useSession()
  return (
    <div className="section-layout">
      <nav className="sub-nav" aria-label={t`Account`}>
        <Link to={namedRoutes['dashboard-account']} activeOptions={{ exact: true }}>
          <Trans>Personal</Trans>
        </Link>
        {/* Without a wallet the entries from the third onward have nothing to show (SPEC §2). */}
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
      </nav>
      <div className="section-content">
        <Outlet />
      </div>
    </div>
  )
}
