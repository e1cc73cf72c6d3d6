import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { openAuthModal } from '../../features/auth/auth-modal-state'
import { namedRoutes } from '../../lib/named-routes'
import { useSession } from '../../lib/session'
import { LogoMark } from '../ui/logo'
import { LanguageSwitcher } from './language-switcher'

function SignedOutActions() {
  return (
    <>
      <button type="button" className="link-button" onClick={() => openAuthModal('login')}>
        <Trans>Log in</Trans>
      </button>
      <button type="button" className="button" onClick={() => openAuthModal('registration')}>
        <Trans>Sign up</Trans>
      </button>
    </>
  )
}

// The signed-in menus (deals and account dropdowns, mobile menu) come with the accounts issue.
function SignedInActions() {
  return (
    <>
      <Link to={namedRoutes['dashboard-deal']} className="nav-link">
        <Trans>Deals</Trans>
      </Link>
      <Link to={namedRoutes['dashboard-account']} className="nav-link">
        <Trans>Account</Trans>
      </Link>
      <Link to={namedRoutes.logout} className="nav-link" preload={false} data-no-prefetch="">
        <Trans>Log out</Trans>
      </Link>
    </>
  )
}

export function SiteHeader() {
  const { token } = useSession()
  const { t } = useLingui()
  return (
    <header className="site-header">
      <div className="container header-inner">
        <Link to={namedRoutes.index} className="brand" aria-label={t`Streamdeals, home`}>
          <LogoMark />
          <span className="brand-name" aria-hidden="true">
            Streamdeals
          </span>
        </Link>
        <nav className="header-nav" aria-label={t`Main`}>
          <Link to="/faq" className="nav-link">
            <Trans>FAQ</Trans>
          </Link>
          {token ? <SignedInActions /> : <SignedOutActions />}
          <LanguageSwitcher />
        </nav>
      </div>
    </header>
  )
}
