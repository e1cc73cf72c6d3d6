import { createFileRoute } from '@tanstack/react-router'
import { TrackedRedirect } from '#client/features/deals/components/tracked-redirect.tsx'

/** A streamer's landing: shows their creator code and the brand's link, without counting a click. */
export const Route = createFileRoute('/_default/redir/check/{-$code}/{-$username}')({
  component: CheckRedirectPage,
})

function CheckRedirectPage() {
  const { code, username } = Route.useParams()
  return <TrackedRedirect kind="check" code={code} username={username} />
}
