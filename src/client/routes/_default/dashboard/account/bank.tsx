import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PlaceholderPage } from '../../../../components/ui/placeholder-page'

export const Route = createFileRoute('/_default/dashboard/account/bank')({
  component: BankAccountPage,
})

function BankAccountPage() {
  return (
    <PlaceholderPage title={<Trans>Bank accounts</Trans>}>
      <Trans>Where your payouts are sent.</Trans>
    </PlaceholderPage>
  )
}
