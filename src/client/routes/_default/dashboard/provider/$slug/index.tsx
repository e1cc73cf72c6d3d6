import { createFileRoute } from '@tanstack/react-router'
import { ProviderDetail } from '#client/features/brand/components/provider-detail.tsx'
import { brandQueries } from '#client/features/brand/queries.ts'

/** The provider detail: the brand's profile, its missions and its members. */
export const Route = createFileRoute('/_default/dashboard/provider/$slug/')({
  loader: ({ context: { queryClient }, params: { slug } }) =>
    Promise.all([
      queryClient.ensureQueryData(brandQueries.provider(slug)),
      queryClient.ensureQueryData(brandQueries.missions(slug)),
      queryClient.ensureQueryData(brandQueries.members(slug)),
    ]),
  component: ProviderDetailPage,
})

function ProviderDetailPage() {
  const { slug } = Route.useParams()
  return <ProviderDetail slug={slug} />
}
