import { Trans, useLingui } from '@lingui/react/macro'
import { Link, Outlet } from '@tanstack/react-router'
import { Suspense } from 'react'
import { PendingPage } from '#client/components/ui/pending-page.tsx'
import { ScrollTabs } from '#client/components/ui/scroll-tabs.tsx'
import { adminSections } from './admin-sections'
import './admin.css'

/** What a router link marks itself with when its section is shown (styles.css reads `data-status`). */
const currentTab = { 'aria-current': 'page', 'data-status': 'active' } as const

/**
 * The admin shell: a tab per section (admin-sections.tsx), each section the child route
 * /admin/<section> whose screen loads when it is opened. On a laptop the thirteen tabs fit one row;
 * on a phone the row scrolls sideways, its hidden side faded.
 */
export function AdminLayout() {
  const { t, i18n } = useLingui()
  return (
    <section className="admin-page">
      <h1>
        <Trans>Administration</Trans>
      </h1>
      <ScrollTabs label={t`Administration sections`}>
        {adminSections.map((section) => (
          <Link
            key={section.id}
            to="/admin/$section"
            params={{ section: section.id }}
            activeProps={currentTab}
            // Tabs of one page: switching keeps the scroll position.
            resetScroll={false}
          >
            {i18n._(section.label)}
          </Link>
        ))}
      </ScrollTabs>
      <Suspense fallback={<PendingPage />}>
        <Outlet />
      </Suspense>
    </section>
  )
}
