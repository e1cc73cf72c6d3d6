import { createFileRoute } from '@tanstack/react-router'
import { requireAdmin } from '#client/features/auth/admin-guard.ts'
import { AdminPage } from './-components/admin-page'

interface AdminSearch {
  tab?: string
}

export const Route = createFileRoute('/_default/admin')({
  validateSearch: (search: Record<string, unknown>): AdminSearch =>
    typeof search.tab === 'string' ? { tab: search.tab } : {},
  beforeLoad: requireAdmin,
  component: AdminRoute,
})

function AdminRoute() {
  const { tab } = Route.useSearch()
  return <AdminPage tab={tab} />
}
