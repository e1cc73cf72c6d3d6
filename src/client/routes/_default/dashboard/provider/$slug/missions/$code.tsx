import { createFileRoute } from '@tanstack/react-router'
import { MissionResults } from '#client/features/brand/components/mission-results.tsx'
import { brandQueries } from '#client/features/brand/queries.ts'

/** A mission's campaign results at a glance; the spend moves live (`brand:budget`). */
export const Route = createFileRoute('/_default/dashboard/provider/$slug/missions/$code')({
  loader: ({ context: { queryClient }, params: { slug, code } }) =>
    Promise.all([
      queryClient.ensureQueryData(brandQueries.provider(slug)),
      queryClient.ensureQueryData(brandQueries.results(slug, code)),
      queryClient.ensureQueryData(brandQueries.missions(slug)),
    ]),
  component: MissionResultsRoute,
})

function MissionResultsRoute() {
  const { slug, code } = Route.useParams()
  return <MissionResults slug={slug} code={code} />
}
