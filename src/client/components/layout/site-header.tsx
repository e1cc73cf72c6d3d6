import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { openAuthModal } from '#client/features/auth/auth-modal-state.ts'
import { loadSessionData } from '#client/features/auth/session-loader.ts'
import { namedRoutes } from '#client/lib/named-routes.ts'
import { useCurrentUser, useSessionLoading } from '#client/lib/session.ts'
import { LogoMark } from '../ui/logo'
import { Dropdown, MenuLinks, useMenuEntries } from './header-menus'
import { InstallButton } from './install-button'
import { LanguageSwitcher } from './language-switcher'

function SignedOutActions() {
  return (
    <>
      <button type="button" className="link-button nav-link" onClick={() => openAuthModal('login')}>
        <Trans>Log in</Trans>
      </button>
      <button type="button" className="button" onClick={() => openAuthModal('registration')}>
        <Trans>Sign up</Trans>
      </button>
    </>
  )
}

function LogoutLink({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <Link
      to={namedRoutes.logout}
      className="nav-link"
      preload={false}
      data-no-prefetch=""
      onClick={onNavigate}
    >
      <Trans>Log out</Trans>
    </Link>
  )
}

function SignedInActions() {
  const { deals, account } = useMenuEntries()
  return (
    <>
      <Dropdown label={<Trans>Deals</Trans>}>
        {(close) => <MenuLinks entries={deals} onNavigate={close} />}
      </Dropdown>
      <Dropdown label={<Trans>Account</Trans>}>
        {(close) => <MenuLinks entries={account} onNavigate={close} />}
      </Dropdown>
      <LogoutLink />
    </>
  )
}

/** The same entries as the desktop menus, in one panel for small screens. */
function MobileMenu({ signedIn }: { signedIn: boolean }) {
  const { t } = useLingui()
  const [open, setOpen] = useState(false)
  const close = () => setOpen(false)
  return (
    <div className="mobile-menu">
      <button
        type="button"
        className="icon-button menu-toggle"
        aria-expanded={open}
        aria-controls="mobile-menu-panel"
        aria-label={open ? t`Close the menu` : t`Open the menu`}
        onClick={() => setOpen((value) => !value)}
      >
        <span aria-hidden="true">{open ? '×' : '☰'}</span>
      </button>
      <nav id="mobile-menu-panel" className="mobile-panel" hidden={!open} aria-label={t`Mobile menu`}>
        {signedIn ? <SignedInPanel onNavigate={close} /> : <SignedOutPanel onDone={close} />}
        <Link to="/faq" className="nav-link" onClick={close}>
          <Trans>FAQ</Trans>
        </Link>
        <LanguageSwitcher />
      </nav>
    </div>
  )
}

function SignedInPanel({ onNavigate }: { onNavigate: () => void }) {
  const { deals, account } = useMenuEntries()
  return (
    <>
      <p className="menu-heading">
        <Trans>Deals</Trans>
      </p>
      <MenuLinks entries={deals} onNavigate={onNavigate} />
      <p className="menu-heading">
        <Trans>Account</Trans>
      </p>
      <MenuLinks entries={account} onNavigate={onNavigate} />
      <LogoutLink onNavigate={onNavigate} />
    </>
  )
}

function SignedOutPanel({ onDone }: { onDone: () => void }) {
  const open = (mode: 'login' | 'registration') => {
    onDone()
    openAuthModal(mode)
  }
  return (
    <>
      <button type="button" className="link-button nav-link" onClick={() => open('login')}>
        <Trans>Log in</Trans>
      </button>
      <button type="button" className="button" onClick={() => open('registration')}>
        <Trans>Sign up</Trans>
      </button>
    </>
  )
}

/** Signed in on arrival (a reload, a second tab): load the wallet and deals the menus depend on. */
function useSessionRefresh(username: string | undefined) {
  const queryClient = useQueryClient()
  useEffect(() => {
    if (username) void loadSessionData(queryClient, username)
  }, [queryClient, username])
}

export function SiteHeader() {
  const user = useCurrentUser()
  const loading = useSessionLoading()
  const { t } = useLingui()
  const signedIn = user !== null
  useSessionRefresh(user?.username)
  return (
    // Busy while the signed-in data loads after login: the menus fill in as it arrives.
    <header className="site-header" aria-busy={loading || undefined} data-loading={loading || undefined}>
      <div className="container header-inner">
        <Link to={namedRoutes.index} className="brand" aria-label={t`Streamdeals, home`}>
          <LogoMark />
          <span className="brand-name" aria-hidden="true">
            Streamdeals
          </span>
        </Link>
        <nav className="header-nav desktop-nav" aria-label={t`Main`}>
          <Link to="/faq" className="nav-link">
            <Trans>FAQ</Trans>
          </Link>
          {signedIn ? <SignedInActions /> : <SignedOutActions />}
          <LanguageSwitcher />
        </nav>
        <InstallButton />
        <MobileMenu signedIn={signedIn} />
      </div>
    </header>
  )
}
