import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PlaceholderPage } from '../../../../components/ui/placeholder-page'

export const Route = createFileRoute('/_default/dashboard/account/business')({
  component: BusinessAccountPage,
})

function BusinessAccountPage() {
  return (
    <PlaceholderPage title={<Trans>Business information</Trans>}>
      <Trans>The company you are paid through, if any.</Trans>
    </PlaceholderPage>
  )
}
