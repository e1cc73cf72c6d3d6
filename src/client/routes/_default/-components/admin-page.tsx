import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { Suspense } from 'react'
import { PendingPage } from '#client/components/ui/pending-page.tsx'
import { ScrollTabs } from '#client/components/ui/scroll-tabs.tsx'
import { adminTabs } from './admin-tabs'
import './admin.css'

/** The admin shell: one tab per feature (admin-tabs.ts), each loaded when opened. */
export function AdminPage({ tab }: { tab: string | undefined }) {
  const { t } = useLingui()
  const current = adminTabs.find((entry) => entry.id === tab) ?? adminTabs[0]
  const Current = current?.component
  return (
    <section className="admin-page">
      <h1>
        <Trans>Administration</Trans>
      </h1>
      <ScrollTabs label={t`Administration sections`}>
        {adminTabs.map((entry) => (
          <Link
            key={entry.id}
            to="/admin"
            search={{ tab: entry.id }}
            // Tabs of one page: switching keeps the scroll position.
            resetScroll={false}
            aria-current={entry.id === current?.id ? 'page' : undefined}
            data-status={entry.id === current?.id ? 'active' : undefined}
          >
            {entry.label()}
          </Link>
        ))}
      </ScrollTabs>
      {Current ? (
        <Suspense fallback={<PendingPage />}>
          <Current />
        </Suspense>
      ) : (
        <p className="muted">
          <Trans>No administration section is available yet.</Trans>
        </p>
      )}
    </section>
  )
}
