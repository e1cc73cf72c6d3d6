import { Trans, useLingui } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, Link, Outlet, redirect } from '@tanstack/react-router'
import { EmptyState } from '#client/components/ui/empty-state.tsx'
import { ScrollTabs } from '#client/components/ui/scroll-tabs.tsx'
import { COMPLETED_STATES, dealQueries, IN_PROGRESS_STATES } from '#client/features/deals/queries.ts'
import type { DealState } from '#shared/contract/deals.ts'
import { DEAL_STATES } from '#shared/deal-values.ts'
import { DealHeader } from './-components/deal-header'

const statesOf = (status: string): DealState[] =>
  (DEAL_STATES as readonly string[]).includes(status)
    ? status === 'finished'
      ? COMPLETED_STATES
      : IN_PROGRESS_STATES
    : []

/**
 * One deal, addressed by its status and its MISSION code, with tabs for its sub-pages. Without a code
 * (the header's "in progress" entry) it opens the first deal of that status.
 */
export const Route = createFileRoute('/_default/dashboard/deal/$status/{-$code}')({
  loader: async ({ context: { queryClient, username }, params: { status, code } }) => {
    // `/dashboard/deal/available` without a mission: the available missions are the deal area's home
    // (with a code, the preview route outranks this one).
    if (status === 'available') throw redirect({ to: '/dashboard/deal', replace: true })
    if (code) return queryClient.ensureQueryData(dealQueries.detail(username, code))
    const list = await queryClient.ensureQueryData(dealQueries.list(username, statesOf(status)))
    const first = list.items[0]
    if (first)
      throw redirect({ to: '/dashboard/deal/$status/{-$code}', params: { status, code: first.mission.code } })
    return null
  },
  component: DealStatusLayout,
})

function DealStatusLayout() {
  const { code } = Route.useParams()
  if (!code) {
    return (
      <EmptyState>
        <Trans>No deal here yet: take a mission from the available deals.</Trans>
      </EmptyState>
    )
  }
  return <DealPage code={code} />
}

function DealPage({ code }: { code: string }) {
  const { t } = useLingui()
  const { status } = Route.useParams()
  const { username } = Route.useRouteContext()
  const { data: deal } = useSuspenseQuery(dealQueries.detail(username, code))
  // Tabs of one page: switching keeps the scroll position (arriving from elsewhere opens at the top).
  const tab = { params: { status, code }, resetScroll: false } as const
  return (
    <article className="deal-page">
      <DealHeader deal={deal} />
      <ScrollTabs label={t`Deal pages`}>
        <Link to="/dashboard/deal/$status/{-$code}" {...tab} activeOptions={{ exact: true }}>
          <Trans>Overview</Trans>
        </Link>
        <Link to="/dashboard/deal/$status/{-$code}/events" {...tab}>
          <Trans>Events</Trans>
        </Link>
        <Link to="/dashboard/deal/$status/{-$code}/tips" {...tab}>
          <Trans>Tips</Trans>
        </Link>
        <Link to="/dashboard/deal/$status/{-$code}/tools" {...tab}>
          <Trans>Tools</Trans>
        </Link>
      </ScrollTabs>
      <Outlet />
    </article>
  )
}
