import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PlaceholderPage } from '../../../../components/ui/placeholder-page'

export const Route = createFileRoute('/_default/dashboard/deal/completed')({
  component: CompletedDealsPage,
})

function CompletedDealsPage() {
  return (
    <PlaceholderPage title={<Trans>Completed deals</Trans>}>
      <Trans>Deals that reached their end, with their earnings.</Trans>
    </PlaceholderPage>
  )
}
