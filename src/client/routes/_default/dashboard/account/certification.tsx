import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PlaceholderPage } from '../../../../components/ui/placeholder-page'
import { requireWallet } from '../../../../lib/guards'

export const Route = createFileRoute('/_default/dashboard/account/certification')({
  // Certification needs a wallet to attach documents to (SPEC §6).
  beforeLoad: requireWallet,
  component: CertificationPage,
})

function CertificationPage() {
  return (
    <PlaceholderPage title={<Trans>Certification</Trans>}>
      <Trans>Verify your identity to receive payouts.</Trans>
    </PlaceholderPage>
  )
}
