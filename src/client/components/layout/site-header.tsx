import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import { AuthLink } from '#client/features/auth/auth-link.tsx'
import { loadSessionData } from '#client/features/auth/session-loader.ts'
import { whenFirstScreenPainted } from '#client/lib/first-paint.ts'
import { namedRoutes } from '#client/lib/named-routes.ts'
import { useCurrentUser, useSessionLoading } from '#client/lib/session.ts'
import { LogoMark } from '../ui/logo'
import { Dropdown, type MenuEntry, MenuLinks, useMenuEntries } from './header-menus'
import { InstallButton } from './install-button'
import { LanguageSwitcher } from './language-switcher'

/** Links, not buttons: the header is server-rendered, and a click before hydration must not be lost. */
function SignedOutActions({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <>
      <AuthLink mode="login" className="link-button nav-link" onClick={onNavigate}>
        <Trans>Log in</Trans>
      </AuthLink>
      <AuthLink mode="registration" className="button" onClick={onNavigate}>
        <Trans>Sign up</Trans>
      </AuthLink>
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

// Only signed-in visitors see it: it loads on its own, out of the first route's JavaScript budget.
const Avatar = lazy(() => import('../ui/avatar').then((module) => ({ default: module.Avatar })))

/** The signed-in user's picture or initials, beside the account menu (decorative: the menu is named). */
function UserAvatar({ size }: { size: number }) {
  const user = useCurrentUser()
  if (!user) return null
  // The placeholder holds the avatar's box, so nothing moves when it arrives.
  const placeholder = <span className="avatar" style={{ width: size, height: size }} aria-hidden="true" />
  return (
    <Suspense fallback={placeholder}>
      <Avatar id={user.id} name={user.username} media={user.avatar} size={size} />
    </Suspense>
  )
}

// A brand account's menu: its providers, loaded only for such accounts.
const BrandMenuLinks = lazy(() =>
  import('#client/features/brand/components/brand-menu.tsx').then((module) => ({
    default: module.BrandMenuLinks,
  })),
)

/** The first menu: the brand's for a brand account, the deals (and wallet) for everyone else. */
function WorkMenu({ onNavigate, entries }: { onNavigate: () => void; entries: MenuEntry[] }) {
  const user = useCurrentUser()
  if (user?.kind !== 'provider') return <MenuLinks entries={entries} onNavigate={onNavigate} />
  return (
    <Suspense fallback={null}>
      <BrandMenuLinks onNavigate={onNavigate} />
    </Suspense>
  )
}

function SignedInActions() {
  const { deals, account } = useMenuEntries()
  const brand = useCurrentUser()?.kind === 'provider'
  return (
    <>
      <Dropdown label={brand ? <Trans>Brand</Trans> : <Trans>Deals</Trans>}>
        {(close) => <WorkMenu entries={deals} onNavigate={close} />}
      </Dropdown>
      <Dropdown
        label={
          <>
            <UserAvatar size={28} />
            <Trans>Account</Trans>
          </>
        }
      >
        {(close) => <MenuLinks entries={account} onNavigate={close} />}
      </Dropdown>
      <LogoutLink />
    </>
  )
}

/**
 * The same entries as the desktop menus, in one panel for small screens. A native disclosure
 * (<details>): it opens and closes before the app has hydrated too.
 */
function MobileMenu({ signedIn }: { signedIn: boolean }) {
  const { t } = useLingui()
  const menu = useRef<HTMLDetailsElement>(null)
  const [open, setOpen] = useState(false)
  // Opened before hydration: the element knows, the label follows it.
  useEffect(() => setOpen(menu.current?.open ?? false), [])
  const close = () => {
    if (menu.current) menu.current.open = false
  }
  return (
    <details ref={menu} className="mobile-menu" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="icon-button menu-toggle" aria-label={open ? t`Close the menu` : t`Open the menu`}>
        {/* Both icons are in the markup; CSS shows the one for the element's state, with or without JS. */}
        <span className="menu-icon-open" aria-hidden="true">
          ☰
        </span>
        <span className="menu-icon-close" aria-hidden="true">
          ×
        </span>
      </summary>
      <nav id="mobile-menu-panel" className="mobile-panel" aria-label={t`Mobile menu`}>
        {/* The signed-in entries (a client render only) render when the panel opens; the signed-out
            ones are in the server's markup, usable before the app runs. */}
        {signedIn ? open && <SignedInPanel onNavigate={close} /> : <SignedOutActions onNavigate={close} />}
        <Link to="/faq" className="nav-link" onClick={close}>
          <Trans>FAQ</Trans>
        </Link>
        <LanguageSwitcher />
      </nav>
    </details>
  )
}

function SignedInPanel({ onNavigate }: { onNavigate: () => void }) {
  const { deals, account } = useMenuEntries()
  const user = useCurrentUser()
  return (
    <>
      {user ? (
        <p className="menu-user">
          <UserAvatar size={36} />
          <span>{user.username}</span>
        </p>
      ) : null}
      <p className="menu-heading">
        {user?.kind === 'provider' ? <Trans>Brand</Trans> : <Trans>Deals</Trans>}
      </p>
      <WorkMenu entries={deals} onNavigate={onNavigate} />
      <p className="menu-heading">
        <Trans>Account</Trans>
      </p>
      <MenuLinks entries={account} onNavigate={onNavigate} />
      <LogoutLink onNavigate={onNavigate} />
    </>
  )
}

/**
 * Signed in on arrival (a reload, a second tab): load the wallet and deals the menus depend on, once
 * the first screen has painted from the cached ones.
 */
function useSessionRefresh(username: string | undefined) {
  const queryClient = useQueryClient()
  useEffect(() => {
    if (!username) return
    let current = true
    void whenFirstScreenPainted().then(() => {
      if (current) void loadSessionData(queryClient, username)
    })
    return () => {
      current = false
    }
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
        {/* Beside the brand, in the free space: when the browser offers it after load, nothing moves. */}
        <InstallButton />
        <nav className="header-nav desktop-nav" aria-label={t`Main`}>
          <Link to="/faq" className="nav-link">
            <Trans>FAQ</Trans>
          </Link>
          {signedIn ? <SignedInActions /> : <SignedOutActions />}
          <LanguageSwitcher />
        </nav>
        <MobileMenu signedIn={signedIn} />
      </div>
    </header>
  )
}
