import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PlaceholderPage } from '../../../../components/ui/placeholder-page'

export const Route = createFileRoute('/_default/dashboard/deal/payment')({
  component: WalletPage,
})

function WalletPage() {
  return (
    <PlaceholderPage title={<Trans>Wallet</Trans>}>
      <Trans>Your balance, transactions and payouts.</Trans>
    </PlaceholderPage>
  )
}
