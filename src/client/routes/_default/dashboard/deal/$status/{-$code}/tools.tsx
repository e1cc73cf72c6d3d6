import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { dealQueries } from '#client/features/deals/queries.ts'
import { DealTools } from './-components/deal-tools'

export const Route = createFileRoute('/_default/dashboard/deal/$status/{-$code}/tools')({
  loader: ({ context: { queryClient, username }, params: { code } }) =>
    code ? queryClient.ensureQueryData(dealQueries.detail(username, code)) : null,
  component: DealToolsPage,
})

function DealToolsPage() {
  const { code = '' } = Route.useParams()
  const { username, auth } = Route.useRouteContext()
  const { data: deal } = useSuspenseQuery(dealQueries.detail(username, code))
  return <DealTools deal={deal} creatorCode={auth.user()?.creatorCode} />
}
