import { createFileRoute } from '@tanstack/react-router'
import { TrackedRedirect } from '#client/features/deals/components/tracked-redirect.tsx'

/** A streamer's tracked link: counts the viewer's click, then replaces itself with the brand's page. */
export const Route = createFileRoute('/_default/redir/cpc/{-$code}/{-$username}')({
  component: CpcRedirectPage,
})

function CpcRedirectPage() {
  const { code, username } = Route.useParams()
  return <TrackedRedirect kind="cpc" code={code} username={username} />
}
