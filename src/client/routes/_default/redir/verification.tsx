import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PlaceholderPage } from '../../../components/ui/placeholder-page'

export const Route = createFileRoute('/_default/redir/verification')({
  component: VerificationPage,
})

function VerificationPage() {
  return (
    <PlaceholderPage title={<Trans>Verification</Trans>}>
      <Trans>Checking your link…</Trans>
    </PlaceholderPage>
  )
}
