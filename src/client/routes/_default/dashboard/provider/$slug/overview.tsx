import { createFileRoute, useSearch } from '@tanstack/react-router'
import { BrandOverviewPage, overviewRange } from '#client/features/brand/components/brand-overview.tsx'
import { brandQueries } from '#client/features/brand/queries.ts'

/**
 * The overview across the brand's missions, over a range of days kept in the address (`from`, `to`).
 * The range is read in the split loader and component rather than by a `validateSearch`, which would
 * sit in the first route's chunk.
 */
export const Route = createFileRoute('/_default/dashboard/provider/$slug/overview')({
  loader: ({ context: { queryClient }, params: { slug }, location }) =>
    Promise.all([
      queryClient.ensureQueryData(brandQueries.provider(slug)),
      queryClient.ensureQueryData(brandQueries.overview(slug, overviewRange(location.search))),
    ]),
  component: OverviewRoute,
})

function OverviewRoute() {
  const { slug } = Route.useParams()
  const search = useSearch({ strict: false })
  return <BrandOverviewPage slug={slug} range={overviewRange(search)} />
}
