import { Trans } from '@lingui/react/macro'
import { createFileRoute, Outlet } from '@tanstack/react-router'
import { SiteFooter } from '../components/layout/site-footer'
import { SiteHeader } from '../components/layout/site-header'
import { ConfirmHost } from '../components/ui/confirm-host'
import { type AuthParam, authModeOf, isReturnPath } from '../features/auth/auth-modal-state'
import { AuthModalAddress } from '../features/auth/components/auth-modal-address'
import { AuthModalHost } from '../features/auth/components/auth-modal-host'
import { OfflineStatus } from '../lib/offline/offline-status'

/** The default layout: header, page content, and a host for confirmation dialogs. */
export const Route = createFileRoute('/_default')({
  // `?auth=login|register|recover` on any page opens that auth modal (auth-modal-state.ts);
  // `&redirect=/path` beside it is where signing in leads (a mission's preview opened signed out).
  validateSearch: (search: Record<string, unknown>): { auth?: AuthParam; redirect?: string } => {
    if (!authModeOf(search.auth)) return {}
    const auth = search.auth as AuthParam
    return isReturnPath(search.redirect) ? { auth, redirect: search.redirect } : { auth }
  },
  component: DefaultLayout,
})

function DefaultLayout() {
  return (
    <div className="layout">
      <a href="#main" className="skip-link">
        <Trans>Skip to content</Trans>
      </a>
      <SiteHeader />
      <OfflineStatus />
      <main id="main" className="container page" tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter />
      <ConfirmHost />
      <AuthModalHost />
      <AuthModalAddress />
    </div>
  )
}
