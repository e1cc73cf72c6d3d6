import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PlaceholderPage } from '../../components/ui/placeholder-page'

export const Route = createFileRoute('/_default/admin')({
  component: AdminPage,
})

function AdminPage() {
  return (
    <PlaceholderPage title={<Trans>Administration</Trans>}>
      <Trans>Providers, missions, certification reviews and payouts are managed here.</Trans>
    </PlaceholderPage>
  )
}
