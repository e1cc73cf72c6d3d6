import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PlaceholderPage } from '../../../../../components/ui/placeholder-page'

export const Route = createFileRoute('/_default/redir/cpc/{-$code}/{-$username}')({
  component: CpcRedirectPage,
})

function CpcRedirectPage() {
  return (
    <PlaceholderPage title={<Trans>Redirecting</Trans>}>
      <Trans>Taking you to the offer…</Trans>
    </PlaceholderPage>
  )
}
