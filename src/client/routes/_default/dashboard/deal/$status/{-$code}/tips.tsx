import { Trans } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { dealQueries } from '#client/features/deals/queries.ts'

export const Route = createFileRoute('/_default/dashboard/deal/$status/{-$code}/tips')({
  loader: ({ context: { queryClient, username }, params: { code } }) =>
    code ? queryClient.ensureQueryData(dealQueries.detail(username, code)) : null,
  component: DealTipsPage,
})

function DealTipsPage() {
  const { code = '' } = Route.useParams()
  const { username } = Route.useRouteContext()
  const { data: deal } = useSuspenseQuery(dealQueries.detail(username, code))
  const paragraphs = deal.mission.tips.split(/\n{2,}/).filter((text) => text.trim() !== '')
  return (
    <section className="deal-tips">
      <h2>
        <Trans>Tips</Trans>
      </h2>
      {paragraphs.length === 0 ? (
        <p className="muted">
          <Trans>The brand has not shared tips for this mission.</Trans>
        </p>
      ) : (
        paragraphs.map((text) => <p key={text}>{text}</p>)
      )}
      {deal.mission.provider.description ? (
        <>
          <h3>
            <Trans>About {deal.mission.provider.name}</Trans>
          </h3>
          <p className="muted">{deal.mission.provider.description}</p>
        </>
      ) : null}
    </section>
  )
}
