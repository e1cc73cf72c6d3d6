import { Trans, useLingui } from '@lingui/react/macro'
import { createFileRoute, Link } from '@tanstack/react-router'
import { Suspense } from 'react'
import { PendingPage } from '#client/components/ui/pending-page.tsx'
import { adminTabs } from '#client/features/admin/admin-tabs.ts'
import { requireAdmin } from '#client/lib/guards.ts'
import '../../features/admin/admin.css'

interface AdminSearch {
  tab?: string
}

export const Route = createFileRoute('/_default/admin')({
  validateSearch: (search: Record<string, unknown>): AdminSearch =>
    typeof search.tab === 'string' ? { tab: search.tab } : {},
  beforeLoad: requireAdmin,
  component: AdminPage,
})

/** The admin shell: one tab per feature (features/admin/admin-tabs.ts), each loaded when opened. */
function AdminPage() {
  const { t } = useLingui()
  const { tab } = Route.useSearch()
  const current = adminTabs.find((entry) => entry.id === tab) ?? adminTabs[0]
  const Current = current?.component
  return (
    <section className="admin-page">
      <h1>
        <Trans>Administration</Trans>
      </h1>
      <nav className="tabs" aria-label={t`Administration sections`}>
        {adminTabs.map((entry) => (
          <Link
            key={entry.id}
            to="/admin"
            search={{ tab: entry.id }}
            aria-current={entry.id === current?.id ? 'page' : undefined}
            data-status={entry.id === current?.id ? 'active' : undefined}
          >
            {entry.label()}
          </Link>
        ))}
      </nav>
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
