import { Trans, useLingui } from '@lingui/react/macro'
import { createFileRoute, Link, Outlet } from '@tanstack/react-router'

/** One deal, addressed by its status and (optionally) its code, with tabs for its sub-pages. */
export const Route = createFileRoute('/_default/dashboard/deal/$status/{-$code}')({
  component: DealStatusLayout,
})

function DealStatusLayout() {
  const { t } = useLingui()
  const { status, code } = Route.useParams()
  const params = { status, code }
  return (
    <article className="deal-page">
      <h1>{code ? t`Deal ${code}` : t`Deals: ${status}`}</h1>
      <nav className="tabs" aria-label={t`Deal pages`}>
        <Link to="/dashboard/deal/$status/{-$code}" params={params} activeOptions={{ exact: true }}>
          <Trans>Overview</Trans>
        </Link>
        <Link to="/dashboard/deal/$status/{-$code}/events" params={params}>
          <Trans>Events</Trans>
        </Link>
        <Link to="/dashboard/deal/$status/{-$code}/tips" params={params}>
          <Trans>Tips</Trans>
        </Link>
        <Link to="/dashboard/deal/$status/{-$code}/tools" params={params}>
          <Trans>Tools</Trans>
        </Link>
      </nav>
      <Outlet />
    </article>
  )
}
