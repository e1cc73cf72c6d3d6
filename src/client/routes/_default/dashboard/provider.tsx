import { useQueryClient } from '@tanstack/react-query'
import { createFileRoute, Outlet } from '@tanstack/react-router'
import { useEffect } from 'react'
import { useSessionLanguage } from '#client/lib/session.ts'
import { startLiveUpdates } from '#client/lib/socket.ts'

/**
 * The brand portal: a provider's members run its profile, missions, results and budget.
 * Brand accounts and admins come in; a streamer only as a member of some provider (the guard loads
 * with the portal, out of the first route).
 */
export const Route = createFileRoute('/_default/dashboard/provider')({
  beforeLoad: async (options) => {
    const { requireBrandAccess } = await import('#client/features/brand/guards.ts')
    return requireBrandAccess(options)
  },
  component: BrandLayout,
})

function BrandLayout() {
  const queryClient = useQueryClient()
  // Spend moves with every click (`brand:budget`): the socket stays open while the portal is shown.
  useEffect(() => startLiveUpdates(queryClient), [queryClient])
  // Mission titles are read in the active language: a switch renders the pages again in it.
  const language = useSessionLanguage()
  return (
    <div className="brand-portal" key={language}>
      <Outlet />
    </div>
  )
}
