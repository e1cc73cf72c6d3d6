import { createFileRoute, redirect } from '@tanstack/react-router'
import { AdminLayout } from './-components/admin-page'

/**
 * The admin area: its sections are the child route admin/$section.tsx. /admin opens the publication
 * queue, the admin's daily work; a link written before the sections had their own address
 * (`/admin?tab=payouts`, in older mails) opens that section. The guard loads with the area, out of
 * the first route.
 */
export const Route = createFileRoute('/_default/admin')({
  beforeLoad: async (options) => {
    const { requireAdmin } = await import('#client/features/auth/admin-guard.ts')
    await requireAdmin(options)
    if (/^\/admin\/?$/.test(options.location.pathname)) {
      const { tab } = options.search as { tab?: unknown }
      throw redirect({
        href: `/admin/${typeof tab === 'string' && tab ? encodeURIComponent(tab) : 'publication'}`,
        replace: true,
      })
    }
  },
  component: AdminLayout,
})
