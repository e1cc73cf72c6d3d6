import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PlaceholderPage } from '../../../../../components/ui/placeholder-page'

export const Route = createFileRoute('/_default/redir/check/{-$code}/{-$username}')({
  component: CheckRedirectPage,
})

function CheckRedirectPage() {
  return (
    <PlaceholderPage title={<Trans>Checking your link</Trans>}>
      <Trans>Looking up this creator code…</Trans>
    </PlaceholderPage>
  )
}
