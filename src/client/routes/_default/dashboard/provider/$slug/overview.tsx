import { createFileRoute } from '@tanstack/react-router'
import {
  BrandOverviewPage,
  defaultRange,
  type OverviewSearch,
} from '#client/features/brand/components/brand-overview.tsx'
import { brandQueries } from '#client/features/brand/queries.ts'

const DAY = /^\d{4}-\d{2}-\d{2}$/

/** The overview across the brand's missions, over a range of days kept in the address (shareable). */
export const Route = createFileRoute('/_default/dashboard/provider/$slug/overview')({
  validateSearch: (search: Record<string, unknown>): OverviewSearch => ({
    ...(typeof search.from === 'string' && DAY.test(search.from) ? { from: search.from } : {}),
    ...(typeof search.to === 'string' && DAY.test(search.to) ? { to: search.to } : {}),
  }),
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient }, params: { slug }, deps }) =>
    Promise.all([
      queryClient.ensureQueryData(brandQueries.provider(slug)),
      queryClient.ensureQueryData(brandQueries.overview(slug, { ...defaultRange(), ...deps })),
    ]),
  component: OverviewRoute,
})

function OverviewRoute() {
  const { slug } = Route.useParams()
  const search = Route.useSearch()
  return <BrandOverviewPage slug={slug} search={search} />
}
