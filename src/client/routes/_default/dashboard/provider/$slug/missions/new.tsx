import { createFileRoute } from '@tanstack/react-router'
import { NewMissionPage } from '#client/features/brand/components/mission-form.tsx'
import { brandQueries } from '#client/features/brand/queries.ts'

/** A brand drafts a mission with every field; an admin publishes it. */
export const Route = createFileRoute('/_default/dashboard/provider/$slug/missions/new')({
  loader: ({ context: { queryClient }, params: { slug } }) =>
    Promise.all([
      queryClient.ensureQueryData(brandQueries.provider(slug)),
      // The link kinds this brand may pick come from its missions.
      queryClient.ensureQueryData(brandQueries.missions(slug)),
    ]),
  component: NewMissionRoute,
})

function NewMissionRoute() {
  const { slug } = Route.useParams()
  return <NewMissionPage slug={slug} />
}
