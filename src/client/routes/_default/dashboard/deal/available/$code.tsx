import { createFileRoute } from '@tanstack/react-router'
import { missionQueries } from '#client/features/deals/queries.ts'
import { MissionNotFound } from './-components/mission-not-found'
import { MissionPreview } from './-components/mission-preview'

const statusOf = (error: unknown) => (error as { statusCode?: unknown } | null)?.statusCode

/**
 * A mission before it is taken: `available` is a static segment, so this route outranks
 * the deal pages' `$status/{-$code}` for `/dashboard/deal/available/{code}`. The mission comes from
 * the same catalogue query as the available list (so it reads as the list does, in the same language);
 * one the user already took, or a closed one, is read on its own.
 */
export const Route = createFileRoute('/_default/dashboard/deal/available/$code')({
  loader: async ({ context: { queryClient }, params: { code } }) => {
    const list = await queryClient.ensureQueryData(missionQueries.list({ excludeCurrentUser: true }))
    if (list.items.some((mission) => mission.code === code)) return { missing: false }
    try {
      await queryClient.ensureQueryData(missionQueries.detail(code))
    } catch (error) {
      // Its own page, in the route's component: a not-found component would cost the first route a chunk.
      if (statusOf(error) === 404) return { missing: true }
      throw error
    }
    return { missing: false }
  },
  component: MissionPreviewPage,
})

function MissionPreviewPage() {
  const { code } = Route.useParams()
  const { username } = Route.useRouteContext()
  if (Route.useLoaderData().missing) return <MissionNotFound />
  return <MissionPreview code={code} username={username} />
}
