import { createFileRoute } from '@tanstack/react-router'
import { EditMissionPage } from '#client/features/brand/components/mission-form.tsx'
import { brandQueries } from '#client/features/brand/queries.ts'

/** A draft mission's edit (a published one changes only through an admin). */
export const Route = createFileRoute('/_default/dashboard/provider/$slug/missions/$code/edit')({
  loader: ({ context: { queryClient }, params: { slug } }) =>
    Promise.all([
      queryClient.ensureQueryData(brandQueries.provider(slug)),
      queryClient.ensureQueryData(brandQueries.missions(slug)),
    ]),
  component: EditMissionRoute,
})

function EditMissionRoute() {
  const { slug, code } = Route.useParams()
  return <EditMissionPage slug={slug} code={code} />
}
