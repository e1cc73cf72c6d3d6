import { createFileRoute, redirect } from '@tanstack/react-router'
import { ProviderList } from '#client/features/brand/components/provider-list.tsx'
import { brandQueries } from '#client/features/brand/queries.ts'

/** The provider list: the brands the member runs, and applying for another. */
export const Route = createFileRoute('/_default/dashboard/provider/')({
  loader: async ({ context: { queryClient, auth } }) => {
    const providers = await queryClient.ensureQueryData(brandQueries.providers())
    // A brand account without a brand yet starts by applying for one.
    if (providers.items.length === 0 && auth.user()?.kind === 'provider')
      throw redirect({ to: '/dashboard/provider/new' })
  },
  component: ProviderList,
})
