import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PlaceholderPage } from '../../../../components/ui/placeholder-page'

export const Route = createFileRoute('/_default/dashboard/deal/')({
  component: AvailableDealsPage,
})

function AvailableDealsPage() {
  return (
    <PlaceholderPage title={<Trans>Available deals</Trans>}>
      <Trans>Missions you can take on, and the deals you are running.</Trans>
    </PlaceholderPage>
  )
}
